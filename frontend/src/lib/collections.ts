import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { shopFacts } from '@/lib/site';

/** A collection in the menus, or a page in the footer: what the links need. */
export type MenuCollection = { id: string; name: string };
export type FooterPage = { slug: string; title: string };

type MenuFacts = { collections: MenuCollection[] | null; pages: FooterPage[] | null };

/**
 * The menus' collections and the footer's pages, as the server writes them into the first HTML's
 * facts (`collections`, `pages`), so the header, the sidebar and the footer draw at once, without
 * a request. Null where the page carries none (vite dev): then they are fetched.
 */
function menuFacts(): MenuFacts {
  const facts = shopFacts();
  return {
    collections: Array.isArray(facts.collections) ? (facts.collections as MenuCollection[]) : null,
    pages: Array.isArray(facts.pages) ? (facts.pages as FooterPage[]) : null,
  };
}

/**
 * The collections of the header's dropdown and the sidebar, in the merchant's order, hidden ones
 * left out: from the first HTML, then fresh after the back office changes them (their queries are
 * invalidated with every collection's).
 */
export function useMenuCollections(): MenuCollection[] {
  const initial = menuFacts().collections;
  const { data } = useQuery({
    queryKey: queryKeys.collections.menu,
    queryFn: async ({ signal }) =>
      (await answer(api.GET('/api/collections', { signal })))
        .filter((c) => !c.hidden)
        .map(({ id, name }) => ({ id, name })),
    initialData: initial ?? undefined,
    staleTime: initial ? Infinity : 5 * 60_000,
  });
  return data ?? [];
}

/** The pages listed in the footer, in order: from the first HTML, then fresh after a change. */
export function useFooterPages(): FooterPage[] {
  const initial = menuFacts().pages;
  const { data } = useQuery({
    queryKey: queryKeys.pages.footer,
    queryFn: ({ signal }) => answer(api.GET('/api/pages', { signal })),
    initialData: initial ?? undefined,
    staleTime: initial ? Infinity : 5 * 60_000,
  });
  return data ?? [];
}

/** A collection's name as the menus know it, for a title before its page has loaded. */
export function menuCollectionName(id: string): string | undefined {
  return menuFacts().collections?.find((c) => c.id === id)?.name;
}

export function collectionPath(id: string): string {
  return `/collections/${encodeURIComponent(id)}`;
}

export function pagePath(slug: string): string {
  return `/pages/${encodeURIComponent(slug)}`;
}

export function productPath(id: string): string {
  return `/product/${encodeURIComponent(id)}`;
}
