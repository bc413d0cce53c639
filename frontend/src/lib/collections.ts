/** The six fixed collections (SPEC section 9), in menu order, so menus render without a fetch. */
export const FIXED_COLLECTIONS = [
  { id: 'formal-shoes', name: 'Formal Shoes' },
  { id: 'formal-trousers', name: 'Formal Trouser' },
  { id: 'corporate-shirts', name: 'Corporate Shirts' },
  { id: 'wristwatches', name: 'Wristwatches' },
  { id: 'suits', name: 'Suits' },
  { id: 'sneakers', name: 'Sneakers' },
] as const;

export function collectionPath(id: string): string {
  return `/collections/${encodeURIComponent(id)}`;
}

export function productPath(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}

export function fixedCollectionName(id: string): string | undefined {
  return FIXED_COLLECTIONS.find((c) => c.id === id)?.name;
}
