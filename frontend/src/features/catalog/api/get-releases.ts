import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Release } from '@/lib/types';

/** GET /api/releases, newest first. */
export const releasesQueryOptions = queryOptions({
  queryKey: queryKeys.releases,
  queryFn: ({ signal }) => api.get<Release[]>('/api/releases', signal),
});

export function useReleases(enabled = true) {
  return useQuery({ ...releasesQueryOptions, enabled });
}
