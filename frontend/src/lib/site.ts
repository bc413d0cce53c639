export const SHOP_NAME = 'Ankara';

export const SOCIAL_LINKS = {
  instagram: 'https://instagram.com/ankara',
  x: 'https://x.com/ankara',
  facebook: 'https://facebook.com/ankara',
} as const;

/**
 * The element the server writes the shop's facts into (index.html's `<script id="ankara-shop"
 * type="application/json">`: WhatsApp number, e-mail, switching-over sentence; see whatsapp.ts).
 */
export const SHOP_ELEMENT_ID = 'ankara-shop';
