/**
 * The query keys the admin tools read and invalidate. They are the catalogue's and content's keys
 * (features/catalog/api/keys.ts, features/content/api/get-about.ts, README "Query keys"), repeated
 * here because features never import one another.
 */
export const adminKeys = {
  collectionsAll: ['collections'] as const,
  collections: ['collections', 'list'] as const,
  collectionPage: (id: string) => ['collections', 'detail', id] as const,
  /** Every product of one collection (for the release form's product choice). */
  collectionProducts: (id: string) => ['collections', 'products', id] as const,
  productsAll: ['products'] as const,
  product: (id: string) => ['products', 'detail', id] as const,
  featured: ['products', 'featured'] as const,
  releases: ['releases'] as const,
  about: ['about'] as const,
  search: ['search'] as const,
  session: ['session'] as const,
  messages: ['admin', 'contact-messages'] as const,
};
