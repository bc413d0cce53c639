export const SHOP_NAME = 'Ankara';

export const SOCIAL_LINKS = {
  instagram: 'https://instagram.com/ankara',
  x: 'https://x.com/ankara',
  facebook: 'https://facebook.com/ankara',
} as const;
