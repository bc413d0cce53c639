import type { Collection, Image, Order, Product, Release } from '@/lib/types';

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

/** An order as the API answers it (kobo, unix ms). */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'a1b2c3d4e5f6g7h8',
    number: 'K7M2QX9A',
    createdAt: Date.UTC(2025, 2, 5, 12),
    updatedAt: Date.UTC(2025, 2, 5, 12),
    status: 'paid',
    isNew: false,
    customerName: 'Ada Obi',
    customerEmail: 'ada@example.com',
    customerPhone: '+234 803 000 0000',
    paymentReference: 'ANK-ref123',
    items: [
      { productId: 'oxford-brogue', name: 'Oxford Brogue', price: 2_500_000, quantity: 2, size: '42', color: 'Black' },
      {
        productId: 'heritage-watch',
        name: 'Heritage Chronograph',
        price: 12_000_050,
        quantity: 1,
        size: null,
        color: null,
      },
    ],
    totalAmount: 17_000_050,
    trackingNumber: null,
    deliveryAddress: {
      street: '12 Marina Road',
      city: 'Lagos Island',
      state: 'Lagos',
      country: 'Nigeria',
      postalCode: '101001',
    },
    ...overrides,
  };
}
