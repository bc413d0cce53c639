import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Product, Review, ReviewPage, ReviewRequest } from '@/lib/types';

/** The page after `last`, or undefined when `last` holds the last reviews. */
export function nextReviewPage(last: ReviewPage): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/** GET /api/products/{id}/reviews?page=N, one page after another ("More reviews"). */
export const reviewsQueryOptions = (productId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews(productId),
    queryFn: ({ pageParam, signal }) =>
      answer(
        api.GET('/api/products/{id}/reviews', {
          params: { path: { id: productId }, query: { page: pageParam } },
          signal,
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextReviewPage,
  });

/** The product's reviews; fetched only once `enabled` (the section is near the screen). */
export function useReviews(productId: string, enabled: boolean) {
  return useInfiniteQuery({ ...reviewsQueryOptions(productId), enabled });
}

/** Every review of the pages loaded so far, once each (a review added meanwhile shifts the pages). */
export function loadedReviews(data: InfiniteData<ReviewPage> | undefined): Review[] {
  const seen = new Set<string>();
  const reviews: Review[] = [];
  for (const page of data?.pages ?? []) {
    for (const review of page.reviews) {
      if (seen.has(review.id)) continue;
      seen.add(review.id);
      reviews.push(review);
    }
  }
  return reviews;
}

/**
 * PUT /api/products/{id}/review: writes (or, again, edits) the signed-in customer's review. The
 * answer is the first page as it now stands: it replaces the pages loaded so far, and its average
 * and count go straight into the product shown near the title, which is then refetched.
 */
export function useSaveReview(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewRequest) =>
      answer(api.PUT('/api/products/{id}/review', { params: { path: { id: productId } }, body: review })),
    onSuccess: (page) => {
      client.setQueryData<InfiniteData<ReviewPage>>(queryKeys.reviews(productId), {
        pages: [page],
        pageParams: [1],
      });
      const detail = queryKeys.products.detail(productId);
      client.setQueryData<Product>(detail, (product) =>
        product ? { ...product, rating: page.average ?? 0, reviewCount: page.count } : product,
      );
      void client.invalidateQueries({ queryKey: detail });
    },
  });
}
