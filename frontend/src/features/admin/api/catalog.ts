import { useQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UploadRequest } from '../lib/useUpload';
import { adminWrite } from '../lib/write';
import { api, multipart, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { CollectionPage, Product } from '@/lib/types';

/** Reads at most this many pages (24 each) of a collection for a product choice. */
const MAX_PAGES = 20;

/** Every product of a collection, newest first, read page by page. */
export function useCollectionProducts(collectionId: string) {
  return useQuery({
    queryKey: queryKeys.collections.products(collectionId),
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
    client.invalidateQueries({ queryKey: queryKeys.collections.all }),
    client.invalidateQueries({ queryKey: queryKeys.products.all }),
    client.invalidateQueries({ queryKey: queryKeys.search.all }),
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
      client.setQueryData<Product[]>(queryKeys.products.featured, (list) =>
        list === undefined
          ? list
          : product.featured
            ? list.some((p) => p.id === product.id)
              ? list
              : [product, ...list]
            : list.filter((p) => p.id !== product.id),
      );
      client.setQueryData(queryKeys.products.detail(product.id), product);
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
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
      client.setQueryData<InfiniteData<CollectionPage>>(queryKeys.collections.page(product.collectionId), (data) =>
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
      client.setQueryData<Product[]>(queryKeys.products.featured, (list) => list?.filter((p) => p.id !== product.id));
      client.removeQueries({ queryKey: queryKeys.products.detail(product.id), exact: true });
      void invalidateCatalog(client);
      // Releases pointing at it, and bag or saved entries, went with it.
      void client.invalidateQueries({ queryKey: queryKeys.releases });
      void client.invalidateQueries({ queryKey: queryKeys.session });
    },
  });
}

/**
 * POST /api/collections (multipart: name, description, image) adds a collection, sent with an
 * Idempotency-Key; with an id, PUT /api/collections/{id} edits it (the image only if a new one).
 */
export function collectionUpload(
  id: string | null,
  fields: { name: string; description: string; image: File | null },
): UploadRequest {
  const form = multipart(fields);
  return id === null
    ? { url: '/api/collections', method: 'POST', form, idempotent: true }
    : { url: `/api/collections/${encodeURIComponent(id)}`, method: 'PUT', form };
}

export type NewProduct = {
  name: string;
  description: string;
  /** Naira as typed. */
  price: string;
  /** Left out when empty, as are sizes and colours (comma-separated). */
  category: string;
  sizes: string;
  colors: string;
  /** The variant set (size, colour, SKU, stock) as JSON; sizes and colours are the ones it sells. */
  variants: string;
  images: ReadonlyArray<File>;
};

/** POST /api/collections/{id}/products (multipart), with an Idempotency-Key: answers the product. */
export function addProductUpload(collectionId: string, product: NewProduct): UploadRequest {
  const form = multipart({
    ...product,
    category: product.category || null,
    sizes: product.sizes || null,
    colors: product.colors || null,
  });
  return {
    url: `/api/collections/${encodeURIComponent(collectionId)}/products`,
    method: 'POST',
    form,
    idempotent: true,
  };
}

export type NewRelease = {
  name: string;
  description: string;
  /** Naira as typed. */
  price: string;
  collectionId: string;
  productId: string;
  featured: boolean;
  image: File;
};

/** POST /api/releases (multipart, the background picture as `image`), with an Idempotency-Key. */
export function addReleaseUpload(release: NewRelease): UploadRequest {
  const form = multipart({ ...release, featured: release.featured ? 'on' : null });
  return { url: '/api/releases', method: 'POST', form, idempotent: true };
}
