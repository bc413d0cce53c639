import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { searchQueryOptions } from '../api/search-products';
import { ListingLayout, useListing } from '@/components/ListingFilters';
import { Message, ShopOnMessage } from '@/components/Message';
import { ProductGrid, ProductGridSkeleton } from '@/components/ProductGrid';
import { activeFilters, chosenOptionsSearch, SEARCH_SORTS } from '@/lib/listing';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import './SearchPage.css';

/**
 * /search?q=…&sort=…&size=…: the results of a header search, ordered by relevance (the default),
 * price either way, newest, best selling or top rated, and filtered like a collection (size,
 * colour, price, in stock only, on sale); the order and the filters live in the address, so Back,
 * reloads and shared links keep them. When no product matches every word, the closest matches
 * are shown under a notice saying so. No results and errors both read No products found.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const listing = useListing(SEARCH_SORTS);
  // The previous results stay on screen while the new ones load.
  const { data, isPending, isError, isPlaceholderData } = useQuery({
    ...searchQueryOptions(q, listing.sort, listing.filters),
    placeholderData: keepPreviousData,
  });
  useDocumentTitle(q ? `Results for “${q}”` : 'Search');
  const filtered = activeFilters(listing.filters) > 0;
  const found = data && (data.total > 0 || filtered);

  return (
    <div className="container page">
      <header className="page-header search-page__header">
        <div>
          <span className="eyebrow">Search</span>
          <h1>{q ? `Results for “${q}”` : 'Search'}</h1>
          {q && found && !data.partial && (
            <p role="status">
              {data.total} {data.total === 1 ? 'product' : 'products'} found
            </p>
          )}
        </div>
      </header>
      {!q ? (
        <Message title="What are you looking for?">
          <p>Use the search button in the header to find shoes, suits, shirts, watches and more.</p>
        </Message>
      ) : isPending ? (
        <ProductGridSkeleton count={8} />
      ) : isError || !found ? (
        <ShopOnMessage
          title="No products found"
          text="Check the spelling, or try a broader word such as “shoes” or “watch”."
          action="Browse collections"
        />
      ) : (
        <ListingLayout
          listing={listing}
          facets={data.facets}
          total={data.total}
          stale={isPlaceholderData}
          empty={data.products.length === 0}
        >
          {data.partial && (
            <p className="alert alert--warning search-page__partial" role="status">
              No products match all your words. Showing the closest matches.
            </p>
          )}
          <ProductGrid
            products={data.products}
            showCategory
            hoverImage
            label="Search results"
            linkSearch={chosenOptionsSearch(listing.filters)}
          />
        </ListingLayout>
      )}
    </div>
  );
}
