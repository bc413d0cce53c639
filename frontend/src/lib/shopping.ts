import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { answer, api } from './api';
import { queryKeys } from './queryKeys';
import { setSessionCounts } from './session';
import type { AddToBagInput, Bag, SavedItem } from './types';

/**
 * The signed-in shopper's bag and saved items, shared by the product page, My Bag and Saved
 * Items. Every bag endpoint answers the whole bag and every saved-items endpoint the whole list:
 * the answer replaces the cached copy and sets the header's counts, so badges change at once.
 */
/** Caches a bag answer and sets the bag badge (the sum of quantities). */
export function applyBag(client: QueryClient, bag: Bag): Bag {
  client.setQueryData(queryKeys.bag, bag);
  setSessionCounts(client, { bag: bag.count });
  return bag;
}

/** Caches a saved-items answer and sets the saved badge. */
export function applySaved(client: QueryClient, items: SavedItem[]): SavedItem[] {
  client.setQueryData(queryKeys.saved, items);
  setSessionCounts(client, { saved: items.length });
  return items;
}

/** GET /api/bag: the bag at current prices. */
export const bagQueryOptions = queryOptions({
  queryKey: queryKeys.bag,
  queryFn: async ({ signal, client }) => {
    const bag = await answer(api.GET('/api/bag', { signal }));
    setSessionCounts(client, { bag: bag.count });
    return bag;
  },
  staleTime: 0,
});

/** GET /api/checkout: the checkout form's starting values (the profile and the last address used). */
export const checkoutDetailsQueryOptions = queryOptions({
  queryKey: queryKeys.checkout,
  queryFn: ({ signal }) => answer(api.GET('/api/checkout', { signal })),
  staleTime: 0,
});

/** GET /api/saved: saved products, newest first. */
export const savedQueryOptions = queryOptions({
  queryKey: queryKeys.saved,
  queryFn: async ({ signal, client }) => {
    const items = await answer(api.GET('/api/saved', { signal }));
    setSessionCounts(client, { saved: items.length });
    return items;
  },
});

/** PUT /api/saved/{id} (save) or DELETE (unsave); answers the whole list. */
export function setProductSaved(productId: string, saved: boolean): Promise<SavedItem[]> {
  const params = { path: { id: productId } };
  return answer(saved ? api.PUT('/api/saved/{id}', { params }) : api.DELETE('/api/saved/{id}', { params }));
}

export type { AddToBagInput };

/** POST /api/bag: adds (or merges with the same product, size and colour); answers the whole bag. */
export function addToBag({ productId, size, color, quantity = 1 }: AddToBagInput): Promise<Bag> {
  return answer(api.POST('/api/bag', { body: { productId, size, color, quantity } }));
}

/** "1 item", "3 items". */
export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
