/**
 * Every query key of the storefront, in one place (the back office's are in
 * features/admin/api/queryKeys.ts, out of the first page's code). Keys are hierarchical:
 * invalidating a prefix (say `queryKeys.products.all`) refreshes every query under it, so a
 * product change reaches the product page, the featured list and the collection pages at once.
 */
export const queryKeys = {
  /** The session (never fetched at start: seeded from index.html). */
  session: ['session'] as const,
  /** The home page's sections (seeded from the first HTML of `/`). */
  home: ['home'] as const,
  collections: {
    all: ['collections'] as const,
    list: ['collections', 'list'] as const,
    /** The menus' collections (seeded from the first HTML). */
    menu: ['collections', 'menu'] as const,
    /** Every collection page (the infinite product lists). */
    pages: ['collections', 'detail'] as const,
    /** One collection's pages, filtered and sorted as `listing` says (`lib/listing.ts`'s listingKey). */
    page: (id: string, listing: string) => ['collections', 'detail', id, listing] as const,
    /** Every filtered and sorted list of one collection. */
    lists: (id: string) => ['collections', 'detail', id] as const,
    /** Every product of one collection (the admins' release form's product choice). */
    products: (id: string) => ['collections', 'products', id] as const,
  },
  products: {
    all: ['products'] as const,
    detail: (id: string) => ['products', 'detail', id] as const,
    featured: ['products', 'featured'] as const,
  },
  /**
   * A product's reviews, page by page (personal: the answer says whether the signed-in customer
   * may review and holds their own review, so it is dropped on a change of user).
   */
  reviews: (productId: string) => ['reviews', productId] as const,
  releases: ['releases'] as const,
  about: ['about'] as const,
  pages: {
    all: ['pages'] as const,
    /** The footer's links (seeded from the first HTML). */
    footer: ['pages', 'footer'] as const,
    /** One page, rendered. */
    detail: (slug: string) => ['pages', 'detail', slug] as const,
    /** Every page with its Markdown (the back office's, dropped with the user's data). */
    admin: ['admin', 'pages'] as const,
  },
  search: {
    all: ['search'] as const,
    /** The results of `q`, filtered and sorted as `listing` says (`lib/listing.ts`'s listingKey). */
    results: (q: string, listing: string) => ['search', q, listing] as const,
  },
  suggest: (q: string) => ['suggest', q] as const,
  /** Delivery zones, fees and pickup (public). */
  delivery: ['delivery'] as const,
  /** The currencies the shop offers beside naira (public). */
  currencies: ['currencies'] as const,
  /** The signed-in shopper's bag and saved items. */
  bag: ['bag'] as const,
  saved: ['saved'] as const,
  /** The checkout form's starting values. */
  checkout: ['checkout'] as const,
  /**
   * The server's price of the bag (as `bag` sums it up) for a state, a delivery method and a code
   * (`tender`: store credit and gift card; `money`: the currency and the country).
   */
  quote: (bag: string, state: string, method: string, code: string | null, tender = '', money = '') =>
    ['checkout', 'quote', bag, state, method, code ?? '', tender, money] as const,
  /** Every quote (priced again when the server says the total changed). */
  quotes: ['checkout', 'quote'] as const,
  orders: ['orders'] as const,
  /** An order looked up on /track by its number and e-mail (personal: dropped on a change of user). */
  track: (number: string, contact: string) => ['track', number, contact] as const,
  returnOptions: (who: string) => ['return-options', who] as const,
  sandbox: (accessCode: string) => ['sandbox', accessCode] as const,
  /** A pay link's page, by its token. */
  payLink: (token: string) => ['pay-link', token] as const,
};

/**
 * The roots of the queries that are the same for everyone; the rest (bag, saved, checkout,
 * orders, admin data) belong to the signed-in user and are dropped when the user changes.
 */
const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set([
  queryKeys.session[0],
  queryKeys.home[0],
  queryKeys.collections.all[0],
  queryKeys.pages.all[0],
  queryKeys.products.all[0],
  queryKeys.releases[0],
  queryKeys.about[0],
  queryKeys.search.all[0],
  queryKeys.suggest('')[0],
  queryKeys.delivery[0],
  queryKeys.currencies[0],
]);

/** True for a query whose data is the same whoever is signed in. */
export function isPublicQuery(queryKey: readonly unknown[]): boolean {
  return PUBLIC_QUERY_ROOTS.has(queryKey[0]);
}
