/** Query keys of the catalogue. Invalidating ['products'] refreshes every product view. */
export const catalogKeys = {
  hero: ['hero'] as const,
  collections: ['collections', 'list'] as const,
  collectionPage: (id: string) => ['collections', 'detail', id] as const,
  product: (id: string) => ['products', 'detail', id] as const,
  featured: ['products', 'featured'] as const,
  releases: ['releases'] as const,
};
