import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET /api/releases, newest first. */
export const releasesQueryOptions = queryOptions({
  queryKey: queryKeys.releases,
  queryFn: ({ signal }) => answer(api.GET('/api/releases', { signal })),
});

export function useReleases() {
  return useQuery(releasesQueryOptions);
}
