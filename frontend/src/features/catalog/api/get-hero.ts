import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';

/** GET /api/hero: the three hero slide backgrounds. */
export const heroQueryOptions = queryOptions({
  queryKey: queryKeys.hero,
  queryFn: ({ signal }) => answer(api.GET('/api/hero', { signal })),
  staleTime: 10 * 60_000,
});

export function useHeroImages() {
  return useQuery(heroQueryOptions);
}
