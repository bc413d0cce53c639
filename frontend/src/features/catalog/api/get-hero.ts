import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Image } from '@/lib/types';

/** GET /api/hero: the three hero slide backgrounds. */
export const heroQueryOptions = queryOptions({
  queryKey: queryKeys.hero,
  queryFn: ({ signal }) => api.get<Image[]>('/api/hero', signal),
  staleTime: 10 * 60_000,
});

export function useHeroImages() {
  return useQuery(heroQueryOptions);
}
