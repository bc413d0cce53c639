import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET /api/about: the newest About Us content, or null before any exists. */
export const aboutQueryOptions = queryOptions({
  queryKey: queryKeys.about,
  queryFn: ({ signal }) => answer(api.GET('/api/about', { signal })),
  staleTime: 10 * 60_000,
});

export function useAbout() {
  return useQuery(aboutQueryOptions);
}
