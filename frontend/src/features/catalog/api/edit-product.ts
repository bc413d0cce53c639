import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { answer, api, formBody } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { ColorImagesForm, PhotosForm, Product, ProductEdit } from '@/lib/types';

export type { ProductEdit };

/** Puts the saved product in the cache and refetches every other view that shows products. */
function showSavedProduct(client: QueryClient, product: Product) {
  const detail = queryKeys.products.detail(product.id);
  client.setQueryData(detail, product);
  // Everything else that shows products refetches; the product itself is the answer already.
  void client.invalidateQueries({
    queryKey: queryKeys.products.all,
    predicate: (q) => q.queryHash !== JSON.stringify(detail),
  });
  void client.invalidateQueries({ queryKey: queryKeys.collections.pages });
  void client.invalidateQueries({ queryKey: queryKeys.search.all });
  void client.invalidateQueries({ queryKey: queryKeys.bag });
  void client.invalidateQueries({ queryKey: queryKeys.saved });
}

/**
 * PATCH /api/products/{id} (admins): name, price (naira as typed, a decimal string the server
 * turns into kobo), description, and the variants with their stock. Every cached product view
 * (product, collections, featured, search) is refreshed.
 */
export function useEditProduct(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProductEdit) =>
      answer(api.PATCH('/api/products/{id}', { params: { path: { id: productId } }, body: edit })),
    onSuccess: (product) => showSavedProduct(client, product),
  });
}

/** The colour pictures form's fields, as the document names them (ColorImagesForm), the pictures as files. */
export type ColorPictures = Pick<ColorImagesForm, 'color'> & { images: ReadonlyArray<File> };

/**
 * PUT /api/products/{id}/color-images (admins, multipart): the pictures shown for one colour, up
 * to 8; none removes that colour's pictures. Answers the product.
 */
export function useSetColorImages(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ color, images }: ColorPictures) =>
      answer(
        api.PUT('/api/products/{id}/color-images', {
          params: { path: { id: productId } },
          ...formBody<ColorImagesForm>({ color, images }),
        }),
      ),
    onSuccess: (product) => showSavedProduct(client, product),
  });
}

/** The photos form's fields, as the document names them (PhotosForm): `order` as JSON text, the new photos as files. */
export type Photos = Pick<PhotosForm, 'order'> & { images: ReadonlyArray<File> };

/**
 * PUT /api/products/{id}/images (admins, multipart): the main photos in their new order in one
 * request, kept ones by URL and "new" for each file under `images`; those left out are removed.
 * Answers the product.
 */
export function useSetPhotos(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ order, images }: Photos) =>
      answer(
        api.PUT('/api/products/{id}/images', {
          params: { path: { id: productId } },
          ...formBody<PhotosForm>({ order, images }),
        }),
      ),
    onSuccess: (product) => showSavedProduct(client, product),
  });
}
