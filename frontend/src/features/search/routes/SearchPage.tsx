import { Link, useSearchParams } from 'wouter';
import { useSearchProducts } from '../api/search-products';
import { Message } from '@/components/Message';
import { ProductGrid, ProductGridSkeleton } from '@/components/ProductGrid';
import { useDocumentTitle } from '@/lib/useDocumentTitle';

/** /search?q=…: the results of a header search. No results and errors both read No products found. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { data: products, isPending, isError } = useSearchProducts(q);
  useDocumentTitle(q ? `Results for “${q}”` : 'Search');

  return (
    <div className="container page">
      <header className="page-header">
        <span className="eyebrow">Search</span>
        <h1>{q ? `Results for “${q}”` : 'Search'}</h1>
        {q && products && products.length > 0 && (
          <p>
            {products.length} {products.length === 1 ? 'product' : 'products'} found
          </p>
        )}
      </header>
      {!q ? (
        <Message title="What are you looking for?">
          <p>Use the search button in the header to find shoes, suits, shirts, watches and more.</p>
        </Message>
      ) : isPending ? (
        <ProductGridSkeleton count={8} />
      ) : isError || products.length === 0 ? (
        <Message title="No products found">
          <p>Check the spelling, or try a broader word such as “shoes” or “watch”.</p>
          <Link href="/" className="btn btn--dark">
            Browse collections
          </Link>
        </Message>
      ) : (
        <ProductGrid products={products} showCategory hoverImage label="Search results" />
      )}
    </div>
  );
}
