import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from './keys';
import { api } from '@/lib/api';
import type { Release } from '@/lib/types';

/** GET /api/releases, newest first. */
export const releasesQueryOptions = queryOptions({
  queryKey: catalogKeys.releases,
  queryFn: ({ signal }) => api.get<Release[]>('/api/releases', signal),
});

export function useReleases(enabled = true) {
  return useQuery({ ...releasesQueryOptions, enabled });
}
