import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type ApiError } from '@/lib/api';
import { adminKeys } from './queryKeys';
import type { CollectionAudience, FeedAgeGroup, FeedGender, FeedsView } from '@/lib/types';

/** GET /api/admin/feeds: the feeds' addresses, item count, refused products and audience. */
export function useFeeds() {
  return useQuery({
    queryKey: adminKeys.feeds,
    queryFn: ({ signal }) => answer(api.GET('/api/admin/feeds', { signal })),
  });
}

/** POST /api/admin/feeds/rotate: a new secret in both addresses; the old ones stop answering. */
export function useRotateFeeds() {
  const client = useQueryClient();
  return useMutation<FeedsView, ApiError, void>({
    mutationFn: () => answer(api.POST('/api/admin/feeds/rotate')),
    onSuccess: (view) => client.setQueryData(adminKeys.feeds, view),
  });
}

export type AudienceInput = { gender: FeedGender; ageGroup: FeedAgeGroup; collections: CollectionAudience[] };

/** PUT /api/admin/feeds/settings: the shop's gender and age group, and each collection's own. */
export function useSaveFeedAudience() {
  const client = useQueryClient();
  return useMutation<FeedsView, ApiError, AudienceInput>({
    mutationFn: (body) => answer(api.PUT('/api/admin/feeds/settings', { body })),
    onSuccess: (view) => client.setQueryData(adminKeys.feeds, view),
  });
}
