import type {
  Bag,
  BagItem,
  Collection,
  CollectionPage,
  DeliveryOptions,
  Facets,
  HomeView,
  Image,
  Order,
  OrderItem,
  PayOnDelivery,
  Pickup,
  Product,
  Refund,
  Release,
  Review,
  ShopSettings,
  Zone,
  ReviewPage,
  Variant,
} from '@/lib/types';

/** The address and the customer the checkout's tests fill in. */
export const LAGOS_ADDRESS = {
  street: '12 Marina Road',
  city: 'Lagos Island',
  state: 'Lagos',
  country: 'Nigeria',
  postalCode: '101001',
  landmark: '',
};
export const ADA = { name: 'Ada Obi', email: 'ada@example.com', phone: '+234 803 000 0000' };

/** The seed's home page: three slides with Explore, the collections, releases and featured. */
export function seedHome(pictures: ReadonlyArray<Image | null> = [image('h1'), image('h2'), image('h3')]): HomeView {
  const words = [
    ['The new season', 'A sharp suit and a statement wristwatch: tailoring for the modern Nigerian gentleman.'],
    ['Weekend ready', 'Clean, comfortable sneakers in bold colours for every day off.'],
    ['Ready for Monday', 'Crisp corporate shirts and handmade formal shoes for the working week.'],
  ] as const;
  return {
    sections: [
      {
        type: 'hero',
        slides: words.map(([kicker, line], i) => ({
          picture: pictures[i] ?? null,
          kicker,
          line,
          button: { label: 'Explore', href: '#collections' },
        })),
      },
      {
        type: 'collections',
        heading: 'Our Collections',
        blurb: 'From the boardroom to the weekend: six edits of everything a well-dressed man needs.',
      },
      { type: 'releases' },
      {
        type: 'featured',
        heading: 'Featured Products',
        blurb: 'Our favourite pieces this season, chosen by the Ankara stylists.',
      },
    ],
  };
}

export function image(name: string): Image {
  return {
    url: `/media/${name}-640.jpg`,
    srcset: `/media/${name}-320.jpg 320w, /media/${name}-640.jpg 640w, /media/${name}-1024.jpg 1024w`,
    webpSrcset: `/media/${name}-360.webp 360w, /media/${name}-720.webp 720w, /media/${name}-1024.webp 1024w`,
    width: 1024,
    height: 1280,
  };
}

/**
 * One variant per size × colour (or one default variant without options), each with
 * `available` units; `stock` overrides some by "size/colour" ("42/Black", "42/", "/Black").
 */
export function variants(
  sizes: ReadonlyArray<string>,
  colors: ReadonlyArray<string>,
  available = 100,
  stock: Record<string, number> = {},
): Variant[] {
  const sizeList: Array<string | null> = sizes.length > 0 ? [...sizes] : [null];
  const colorList: Array<string | null> = colors.length > 0 ? [...colors] : [null];
  return sizeList.flatMap((size) =>
    colorList.map((color) => {
      const units = stock[`${size ?? ''}/${color ?? ''}`] ?? available;
      return {
        id: `v-${size ?? 'x'}-${color ?? 'x'}`,
        size,
        color,
        sku: null,
        available: units,
        low: units >= 1 && units <= 3,
      };
    }),
  );
}

export function product(overrides: Partial<Product> = {}): Product {
  const sizes = overrides.sizes ?? ['41', '42', '43'];
  const colors = overrides.colors ?? ['Black', 'Brown'];
  return {
    id: 'oxford-brogue',
    name: 'Oxford Brogue',
    description: 'Hand-finished leather brogues.',
    pricesAbroad: [],
    price: 2_500_000,
    compareAtPrice: null,
    images: [image('brogue-1'), image('brogue-2'), image('brogue-3')],
    featured: true,
    rating: 4.5,
    reviewCount: 128,
    collectionId: 'formal-shoes',
    category: 'Shoes',
    sizes,
    colors,
    variants: variants(sizes, colors),
    colorImages: [],
    createdAt: 1_700_000_000_000,
    runsSmall: false,
    ...overrides,
  };
}

/** A bag line as the API answers it: 42 / Black of the product, 100 available. */
export function bagItem(overrides: Partial<BagItem> = {}): BagItem {
  const p = overrides.product ?? product();
  const quantity = overrides.quantity ?? 1;
  const size = overrides.size === undefined ? '42' : overrides.size;
  const color = overrides.color === undefined ? 'Black' : overrides.color;
  return {
    id: 'line-1',
    product: p,
    size,
    color,
    variantId: p.variants.find((v) => v.size === size && v.color === color)?.id ?? null,
    quantity,
    lineTotal: p.price * quantity,
    available: 100,
    notice: null,
    ...overrides,
  };
}

/** A bag of `items`, counted and totalled as the server does; checkout allowed unless a line has no variant. */
export function bagOf(...items: BagItem[]): Bag {
  return {
    items,
    count: items.reduce((n, i) => n + i.quantity, 0),
    total: items.reduce((n, i) => n + i.lineTotal, 0),
    canCheckout: items.every((i) => i.variantId !== null && i.available > 0),
  };
}

/** Facets as the API answers them: every value with a count, the price range, in stock and on sale. */
export function facets(overrides: Partial<Facets> = {}): Facets {
  return {
    sizes: [
      { value: '41', count: 1 },
      { value: '42', count: 2 },
      { value: '43', count: 0 },
    ],
    colors: [
      { value: 'Black', count: 2 },
      { value: 'Brown', count: 1 },
    ],
    price: { min: 2_500_000, max: 6_000_000 },
    inStock: 2,
    onSale: 1,
    ...overrides,
  };
}

/** One page of a collection's list: its products (24 a page), the total and the facets. */
export function collectionPage(products: Product[], overrides: Partial<CollectionPage> = {}): CollectionPage {
  return {
    collection: collection(),
    products,
    page: 1,
    pageSize: 24,
    total: products.length,
    facets: facets(),
    ...overrides,
  };
}

export function collection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 'formal-shoes',
    name: 'Formal Shoes',
    description: 'Oxfords, loafers and brogues.',
    hidden: false,
    image: image('formal-shoes'),
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    sizeGuide: null,
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

/** Pay on delivery as the shop ships it: off, up to ₦150,000.00 once switched on. */
export const POD_OFF: PayOnDelivery = { enabled: false, maxTotal: 15_000_000 };

/** A delivery zone as GET /api/delivery lists it: Lagos, ₦2,500.00, free from ₦100,000.00, no pay on delivery. */
export function zone(overrides: Partial<Zone> = {}): Zone {
  return {
    name: 'Lagos',
    fee: 250_000,
    estimate: '1–2 working days',
    freeOver: 10_000_000,
    states: ['Lagos'],
    payOnDelivery: POD_OFF,
    liveRates: false,
    ...overrides,
  };
}

/** GET /api/admin/settings as the shop ships them. */
export function shopSettings(overrides: Partial<ShopSettings> = {}): ShopSettings {
  return {
    maxPerLine: 5,
    maxPerCheckout: 20,
    currencies: [
      { currency: 'USD', enabled: false, rate: 160_000, rounding: 'ninetyNine' },
      { currency: 'GBP', enabled: false, rate: 200_000, rounding: 'ninetyNine' },
    ],
    maxOrderTotal: 500_000_000,
    guestCheckout: false,
    channels: ['card', 'bank', 'ussd', 'bank_transfer'],
    transferHoldMinutes: 60,
    payOnDeliveryOpenLimit: 1,
    payLinkHours: 48,
    payLinkReminderHours: 24,
    bagReminders: false,
    bagReminderHours: 1,
    postalCode: 'optional_in_nigeria',
    podConfirmation: 'phone',
    podConfirmHours: 24,
    podUnconfirmedPerAddress: 3,
    returnWindowDays: 7,
    returnDeliveryFee: false,
    counterDiscountLimit: 10,
    ...overrides,
  };
}

/**
 * GET /api/delivery as the shop ships it (three zones, pickup off, no pay on delivery), cut down
 * to a few states; `pickup` overrides only what it names.
 */
export function deliveryOptions(
  overrides: Omit<Partial<DeliveryOptions>, 'pickup'> & { pickup?: Partial<Pickup> } = {},
): DeliveryOptions {
  const { pickup, ...rest } = overrides;
  return {
    states: ['Borno', 'Federal Capital Territory', 'Lagos', 'Ogun', 'Oyo'],
    zones: [
      zone(),
      zone({
        name: 'South-West',
        fee: 400_000,
        estimate: '2–3 working days',
        freeOver: 15_000_000,
        states: ['Ogun', 'Oyo'],
      }),
      zone({
        name: 'Other states',
        fee: 650_000,
        estimate: '3–5 working days',
        freeOver: 20_000_000,
        states: ['Federal Capital Territory'],
      }),
    ],
    pickup: { enabled: false, address: '', payOnDelivery: POD_OFF, ...pickup },
    abroad: [],
    countries: [],
    ...rest,
  };
}

/** A line of an order: two pairs of the Oxford Brogue, size 42 in black. */
export function orderLine(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    productId: 'oxford-brogue',
    name: 'Oxford Brogue',
    price: 2_500_000,
    quantity: 2,
    size: '42',
    color: 'Black',
    variantId: 'v-42-Black',
    compareAtPrice: null,
    priceAbroad: null,
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
    oversold: false,
    codeOverLimit: false,
    customerName: 'Ada Obi',
    customerEmail: 'ada@example.com',
    customerPhone: '+234 803 000 0000',
    paymentReference: 'ANK-ref123',
    items: [
      orderLine(),
      {
        productId: 'heritage-watch',
        name: 'Heritage Chronograph',
        price: 12_000_050,
        quantity: 1,
        size: null,
        color: null,
        variantId: 'v-x-x',
        compareAtPrice: null,
        priceAbroad: null,
      },
    ],
    totalAmount: 17_000_050,
    // An order from before delivery fees: no fee, no discount, no estimate.
    subtotal: 17_000_050,
    deliveryFee: 0,
    discount: 0,
    discountCode: null,
    deliveryMethod: 'delivery',
    deliveryEstimate: null,
    refunded: 0,
    refundPending: 0,
    refunds: [],
    trackingNumber: null,
    paymentMethod: 'paystack',
    paymentChannel: 'card',
    toCollect: 0,
    paid: 17_000_050,
    paidOnline: 17_000_050,
    paidByCredit: 0,
    paidByGiftCard: 0,
    creditReturned: 0,
    giftCardReturned: 0,
    balance: 0,
    source: 'website',
    collectedAt: null,
    collectedAmount: null,
    collectedBy: null,
    deliveryAddress: LAGOS_ADDRESS,
    confirmation: null,
    charged: null,
    ...overrides,
  };
}

/** A refund as the API answers it: ₦20,000.00, processed. */
export function refund(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 'refund-1',
    amount: 2_000_000,
    amountAbroad: null,
    reason: 'One pair arrived damaged',
    status: 'processed',
    failureReason: null,
    restocked: 0,
    createdAt: Date.UTC(2025, 2, 8, 12),
    updatedAt: Date.UTC(2025, 2, 9, 12),
    ...overrides,
  };
}

/** A visible, verified 5★ review of the Oxford Brogue. */
export function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 'review-1',
    productId: 'oxford-brogue',
    rating: 5,
    title: 'Worth every naira',
    body: 'Comfortable from the first day.',
    author: 'Adaeze O.',
    verified: true,
    hidden: false,
    createdAt: Date.UTC(2025, 2, 10, 12),
    updatedAt: Date.UTC(2025, 2, 10, 12),
    ...overrides,
  };
}

/** A page of reviews with its summary, counted from `reviews` unless given (a visitor's view). */
export function reviewPage(reviews: Review[] = [review()], overrides: Partial<ReviewPage> = {}): ReviewPage {
  const stars = [1, 2, 3, 4, 5].map((n) => reviews.filter((r) => r.rating === n).length);
  const sum = reviews.reduce((total, r) => total + r.rating, 0);
  return {
    average: reviews.length > 0 ? Math.round((sum / reviews.length) * 10) / 10 : null,
    count: reviews.length,
    stars,
    reviews,
    page: 1,
    pageSize: 10,
    total: reviews.length,
    mine: null,
    canReview: false,
    ...overrides,
  };
}
