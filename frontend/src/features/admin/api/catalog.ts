import { useQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { UploadRequest } from '../lib/useUpload';
import { answer, api, multipart, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type {
  CollectionEditForm,
  CollectionForm,
  CollectionPage,
  Product,
  ProductForm,
  ReleaseForm,
} from '@/lib/types';

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
        const got = await answer(
          api.GET('/api/collections/{id}', { params: { path: { id: collectionId }, query: { page } }, signal }),
        );
        products.push(...got.products);
        if (page * got.pageSize >= got.total || got.products.length === 0) break;
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
      answer(api.PUT('/api/products/{id}/featured', { params: { path: { id } }, body: { featured } })),
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
  return useMutation<unknown, ApiError, Product>({
    mutationFn: (product) => answer(api.DELETE('/api/products/{id}', { params: { path: { id: product.id } } })),
    onSuccess: (_, product) => {
      client.setQueriesData<InfiniteData<CollectionPage>>(
        { queryKey: queryKeys.collections.lists(product.collectionId) },
        (data) =>
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
  const form = id === null ? multipart<CollectionForm>(fields) : multipart<CollectionEditForm>(fields);
  return id === null
    ? { url: '/api/collections', method: 'POST', form, idempotent: true }
    : { url: `/api/collections/${encodeURIComponent(id)}`, method: 'PUT', form };
}

/**
 * The add form's fields, named as the document's ProductForm: price is naira as typed; category,
 * sizes and colours (comma-separated) are left out when empty; variants is the variant set (size,
 * colour, SKU, stock) as JSON, whose sizes and colours are the ones it sells.
 */
export type NewProduct = Record<Exclude<keyof ProductForm, 'images' | 'stock'>, string> & {
  images: ReadonlyArray<File>;
};

/** POST /api/collections/{id}/products (multipart), with an Idempotency-Key: answers the product. */
export function addProductUpload(collectionId: string, product: NewProduct): UploadRequest {
  const form = multipart<ProductForm>({
    ...product,
    compareAtPrice: product.compareAtPrice || null,
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

/** The release form's fields, named as the document's ReleaseForm (price in naira as typed). */
export type NewRelease = Record<Exclude<keyof ReleaseForm, 'image' | 'featured'>, string> & {
  featured: boolean;
  image: File;
};

/** POST /api/releases (multipart, the background picture as `image`), with an Idempotency-Key. */
export function addReleaseUpload(release: NewRelease): UploadRequest {
  const form = multipart<ReleaseForm>({ ...release, featured: release.featured ? 'on' : null });
  return { url: '/api/releases', method: 'POST', form, idempotent: true };
}
