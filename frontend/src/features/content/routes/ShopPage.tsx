import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { Message } from '@/components/Message';
import { PageSpinner } from '@/components/Spinner';
import { answer, api, isNotFound } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

/**
 * /pages/:slug: one of the shop's own pages (Privacy Policy, Returns & Exchanges…). Its HTML is
 * the server's rendering of the merchant's Markdown, which keeps no raw HTML and only safe links
 * (src/pages), so it is written in as it comes.
 */
export default function ShopPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const [, navigate] = useLocation();
  const query = useQuery({
    queryKey: queryKeys.pages.detail(slug),
    queryFn: ({ signal }) => answer(api.GET('/api/pages/{slug}', { params: { path: { slug } }, signal })),
    staleTime: 5 * 60_000,
  });
  const page = query.data;
  const notFound = query.isError && isNotFound(query.error);
  useDocumentTitle(page?.title ?? (notFound ? 'Page not found' : undefined));

  if (query.isPending) return <PageSpinner label="Loading…" />;
  if (!page) {
    return (
      <div className="container page">
        <Message title={notFound ? 'Page not found' : 'Could not load this page.'} tone="error" as="h1" />
      </div>
    );
  }

  // The shop's own links open in the app, without reloading it.
  const followOwnLink = (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    <div className="container page">
      <article className="prose">
        <h1>{page.title}</h1>
        {/* Sanitised by the server's renderer, see above. */}
        <div onClick={followOwnLink} dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </div>
  );
}
