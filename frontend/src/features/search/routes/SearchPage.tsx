import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { parseSort, SEARCH_SORTS, searchQueryOptions } from '../api/search-products';
import { InStockToggle, useInStockParam } from '@/components/InStockToggle';
import { Message } from '@/components/Message';
import { ProductGrid, ProductGridSkeleton } from '@/components/ProductGrid';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './SearchPage.css';

/**
 * /search?q=…&sort=…&inStock=true: the results of a header search, ordered by relevance (the
 * default), price either way, or newest first, sold-out products hidden on request; the order and
 * the filter live in the address, so Back, reloads and shared links keep them. When no product
 * matches every word, the closest matches are shown under a notice saying so.
 * No results and errors both read No products found.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const sort = parseSort(params.get('sort'));
  const [inStock] = useInStockParam();
  // The previous order's results stay on screen while the new order loads.
  const {
    data: results,
    isPending,
    isError,
    isPlaceholderData,
  } = useQuery({
    ...searchQueryOptions(q, sort, inStock),
    placeholderData: keepPreviousData,
  });
  const products = results?.products;
  const sortId = useId();
  useDocumentTitle(q ? `Results for “${q}”` : 'Search');

  const chooseSort = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'relevance') next.delete('sort');
    else next.set('sort', value);
    setParams(next, { replace: true });
  };

  return (
    <div className="container page">
      <header className="page-header search-page__header">
        <div>
          <span className="eyebrow">Search</span>
          <h1>{q ? `Results for “${q}”` : 'Search'}</h1>
          {q && products && products.length > 0 && !results?.partial && (
            <p>
              {products.length} {products.length === 1 ? 'product' : 'products'} found
            </p>
          )}
        </div>
        {q && (
          <div className="search-page__controls">
            <InStockToggle />
            <div className="search-page__sort">
              <label htmlFor={sortId} className="field__label">
                Sort by
              </label>
              <select
                id={sortId}
                className="field__input search-page__select"
                value={sort}
                onChange={(e) => chooseSort(e.target.value)}
              >
                {SEARCH_SORTS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </header>
      {!q ? (
        <Message title="What are you looking for?">
          <p>Use the search button in the header to find shoes, suits, shirts, watches and more.</p>
        </Message>
      ) : isPending ? (
        <ProductGridSkeleton count={8} />
      ) : isError || !products || products.length === 0 ? (
        <Message title="No products found">
          <p>Check the spelling, or try a broader word such as “shoes” or “watch”.</p>
          <Link href="/" className="btn btn--dark">
            Browse collections
          </Link>
        </Message>
      ) : (
        <div
          aria-busy={isPlaceholderData || undefined}
          className={isPlaceholderData ? 'search-page__stale' : undefined}
        >
          {results?.partial && (
            <p className="alert alert--warning search-page__partial" role="status">
              No products match all your words. Showing the closest matches.
            </p>
          )}
          <ProductGrid products={products} showCategory hoverImage label="Search results" />
        </div>
      )}
    </div>
  );
}
