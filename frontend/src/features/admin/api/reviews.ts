import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { AdminReview, AdminReviewPage } from '@/lib/types';
import { adminKeys } from './queryKeys';

export type { AdminReview, AdminReviewPage };

/** Which reviews the moderation screen lists. */
export type ReviewFilter = 'all' | 'visible' | 'hidden';

/** GET /api/admin/reviews?page=&hidden=: newest first, 1-based pages; `hidden` left out for all. */
export function adminReviewsQueryOptions(show: ReviewFilter, page: number) {
  const query = { hidden: show === 'all' ? undefined : show === 'hidden', page: page > 1 ? page : undefined };
  return queryOptions({
    queryKey: adminKeys.reviews.list(show, page),
    queryFn: ({ signal }) => answer(api.GET('/api/admin/reviews', { params: { query }, signal })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAdminReviews(show: ReviewFilter, page: number) {
  return useQuery(adminReviewsQueryOptions(show, page));
}

/**
 * PATCH /api/admin/reviews/{id} {hidden}: answers the review. It changes in place in every list
 * held (a review just hidden stays on the Visible list, marked Hidden, so it can be put back at
 * once); the other lists and the product's own reviews are read afresh when next shown.
 */
export function useSetReviewHidden() {
  const client = useQueryClient();
  return useMutation<AdminReview, ApiError, { id: string; hidden: boolean }>({
    mutationFn: ({ id, hidden }) =>
      answer(api.PATCH('/api/admin/reviews/{id}', { params: { path: { id } }, body: { hidden } })),
    onSuccess: (review) => {
      client.setQueriesData<AdminReviewPage>({ queryKey: adminKeys.reviews.all }, (page) =>
        page ? { ...page, reviews: page.reviews.map((r) => (r.id === review.id ? review : r)) } : page,
      );
      void client.invalidateQueries({ queryKey: adminKeys.reviews.all, refetchType: 'none' });
      // The shop's copy of the product (its rating and review count) is out of date too.
      void client.invalidateQueries({ queryKey: queryKeys.products.detail(review.productId) });
    },
  });
}
