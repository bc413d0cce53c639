import { queryOptions, useQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { adminKeys } from './keys';
import { adminWrite } from '../lib/write';
import { api, type ApiError } from '@/lib/api';
import type { Collection, CollectionPage, Product } from '@/lib/types';

/** GET /api/collections (the same query, and cache entry, as the home page's section). */
export const collectionsQueryOptions = queryOptions({
  queryKey: adminKeys.collections,
  queryFn: ({ signal }) => api.get<Collection[]>('/api/collections', signal),
  staleTime: 5 * 60_000,
});

export function useCollections() {
  return useQuery(collectionsQueryOptions);
}

/** Reads at most this many pages (24 each) of a collection for a product choice. */
const MAX_PAGES = 20;

/** Every product of a collection, newest first, read page by page. */
export function useCollectionProducts(collectionId: string) {
  return useQuery({
    queryKey: adminKeys.collectionProducts(collectionId),
    enabled: collectionId !== '',
    queryFn: async ({ signal }) => {
      const products: Product[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await api.get<CollectionPage>(
          `/api/collections/${encodeURIComponent(collectionId)}?page=${page}`,
          signal,
        );
        products.push(...answer.products);
        if (page * answer.pageSize >= answer.total || answer.products.length === 0) break;
      }
      return products;
    },
  });
}

/** Refreshes every view of the catalogue after an admin change. */
export function invalidateCatalog(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.collectionsAll }),
    client.invalidateQueries({ queryKey: adminKeys.productsAll }),
    client.invalidateQueries({ queryKey: adminKeys.search }),
  ]);
}

/** PUT /api/products/{id}/featured {featured}. */
export function useSetFeatured() {
  const client = useQueryClient();
  return useMutation<Product, ApiError, { id: string; featured: boolean }>({
    mutationFn: ({ id, featured }) =>
      adminWrite<Product>(`/api/products/${encodeURIComponent(id)}/featured`, 'PUT', { featured }),
    onSuccess: (product) => {
      // Show the change at once, then refetch every product view.
      client.setQueryData<Product[]>(adminKeys.featured, (list) =>
        list === undefined
          ? list
          : product.featured
            ? list.some((p) => p.id === product.id)
              ? list
              : [product, ...list]
            : list.filter((p) => p.id !== product.id),
      );
      client.setQueryData(adminKeys.product(product.id), product);
      void client.invalidateQueries({ queryKey: adminKeys.productsAll });
    },
  });
}

export const DELETE_PERMISSION_MESSAGE = 'You do not have permission to delete products.';
export const DELETE_FAILED_MESSAGE = 'Failed to delete product. Please try again.';

/** The message for a failed delete: the server's permission message on 403, otherwise the spec's. */
export function deleteErrorMessage(error: ApiError): string {
  return error.status === 403 ? error.message || DELETE_PERMISSION_MESSAGE : DELETE_FAILED_MESSAGE;
}

/** DELETE /api/products/{id}; removes it from the lists in the cache at once. */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation<{ message: string }, ApiError, Product>({
    mutationFn: (product) => adminWrite(`/api/products/${encodeURIComponent(product.id)}`, 'DELETE'),
    onSuccess: (_, product) => {
      client.setQueryData<InfiniteData<CollectionPage>>(adminKeys.collectionPage(product.collectionId), (data) =>
        data === undefined
          ? data
          : {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                products: page.products.filter((p) => p.id !== product.id),
                total: Math.max(0, page.total - 1),
              })),
            },
      );
      client.setQueryData<Product[]>(adminKeys.featured, (list) => list?.filter((p) => p.id !== product.id));
      client.removeQueries({ queryKey: adminKeys.product(product.id), exact: true });
      void invalidateCatalog(client);
      // Releases pointing at it, and bag or saved entries, went with it.
      void client.invalidateQueries({ queryKey: adminKeys.releases });
      void client.invalidateQueries({ queryKey: adminKeys.session });
    },
  });
}
