import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Collection, PageBody, ShopPage } from '@/lib/types';

/** After any change to the collections: the menus, the home page's section, the lists and forms. */
function useRefreshCollections() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: queryKeys.collections.all });
}

/** PUT /api/admin/collections/order: every collection's id, first in the menus first. */
export function useReorderCollections() {
  const client = useQueryClient();
  const refresh = useRefreshCollections();
  return useMutation<Collection[], ApiError, string[]>({
    mutationFn: (ids) => answer(api.PUT('/api/admin/collections/order', { body: { ids } })),
    onSuccess: (list) => {
      client.setQueryData(queryKeys.collections.list, list);
      refresh();
    },
  });
}

/** PUT /api/collections/{id}/hidden: in the menus or not. */
export function useHideCollection() {
  const refresh = useRefreshCollections();
  return useMutation<Collection, ApiError, { id: string; hidden: boolean }>({
    mutationFn: ({ id, hidden }) =>
      answer(api.PUT('/api/collections/{id}/hidden', { params: { path: { id } }, body: { hidden } })),
    onSuccess: refresh,
  });
}

/** DELETE /api/collections/{id}, moving what it holds to `moveTo` first when one is chosen. */
export function useDeleteCollection() {
  const client = useQueryClient();
  const refresh = useRefreshCollections();
  return useMutation<{ message: string }, ApiError, { id: string; moveTo: string | null }>({
    mutationFn: ({ id, moveTo }) =>
      answer(
        api.DELETE('/api/collections/{id}', {
          params: { path: { id }, query: moveTo ? { moveTo } : {} },
        }),
      ),
    onSuccess: () => {
      refresh();
      // Moved products show their new collection.
      void client.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

/** GET /api/admin/pages: every page with its Markdown. */
export function useAdminPages() {
  return useQuery({
    queryKey: queryKeys.pages.admin,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/pages', { signal })),
  });
}

function useRefreshPages() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.pages.all });
    void client.invalidateQueries({ queryKey: queryKeys.pages.admin });
  };
}

/** POST /api/admin/pages (a new page) or, with a slug, PUT /api/admin/pages/{slug}. */
export function useSavePage() {
  const refresh = useRefreshPages();
  return useMutation<ShopPage, ApiError, { slug: string | null; body: PageBody }>({
    mutationFn: ({ slug, body }) =>
      answer(
        slug === null
          ? api.POST('/api/admin/pages', { body })
          : api.PUT('/api/admin/pages/{slug}', { params: { path: { slug } }, body }),
      ),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/pages/{slug}. */
export function useDeletePage() {
  const refresh = useRefreshPages();
  return useMutation<{ message: string }, ApiError, string>({
    mutationFn: (slug) => answer(api.DELETE('/api/admin/pages/{slug}', { params: { path: { slug } } })),
    onSuccess: refresh,
  });
}

/** POST /api/admin/pages/preview: the Markdown as the page will show it. */
export function usePreviewPage() {
  return useMutation<{ html: string }, ApiError, string>({
    mutationFn: (body) => answer(api.POST('/api/admin/pages/preview', { body: { body } })),
  });
}
