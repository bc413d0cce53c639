import type { Collection, Image, Product, Release } from '@/lib/types';

export function image(name: string): Image {
  return {
    url: `/media/${name}-640.jpg`,
    srcset: `/media/${name}-320.jpg 320w, /media/${name}-640.jpg 640w, /media/${name}-1024.jpg 1024w`,
    width: 1024,
    height: 1280,
  };
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 'oxford-brogue',
    name: 'Oxford Brogue',
    description: 'Hand-finished leather brogues.',
    price: 2_500_000,
    images: [image('brogue-1'), image('brogue-2'), image('brogue-3')],
    featured: true,
    rating: 4.5,
    reviewCount: 128,
    collectionId: 'formal-shoes',
    category: 'Shoes',
    sizes: ['41', '42', '43'],
    colors: ['Black', 'Brown'],
    createdAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function collection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 'formal-shoes',
    name: 'Formal Shoes',
    description: 'Oxfords, loafers and brogues.',
    image: image('formal-shoes'),
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}

export function release(n: number, overrides: Partial<Release> = {}): Release {
  return {
    id: `release-${n}`,
    name: `Release ${n}`,
    description: `The ${n} drop.`,
    price: 1_000_000 * n,
    backgroundImage: image(`release-${n}`),
    collectionId: 'suits',
    collectionName: 'Suits',
    productId: `product-${n}`,
    featured: true,
    createdAt: 1_700_000_000_000 - n,
    ...overrides,
  };
}
