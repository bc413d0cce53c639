import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { shopFacts } from '@/lib/site';
import type { HomeView } from '@/lib/types';

/**
 * The home page's sections the server wrote into the first HTML of `/` (the shop's facts), so the
 * hero draws with the page and no request waits before it; `undefined` on any other first page.
 */
export function homeFromPage(facts: Record<string, unknown> = shopFacts()): HomeView | undefined {
  const home = facts.home;
  return home && typeof home === 'object' && Array.isArray((home as HomeView).sections)
    ? (home as HomeView)
    : undefined;
}

const FROM_PAGE = homeFromPage();

/** GET /api/home: the home page's sections as the merchant published them (or her draft, previewing). */
export const homeQueryOptions = queryOptions({
  queryKey: queryKeys.home,
  queryFn: ({ signal }) => answer(api.GET('/api/home', { signal })),
  initialData: FROM_PAGE,
  staleTime: 10 * 60_000,
});

export function useHome() {
  return useQuery(homeQueryOptions);
}
