import './ProductCardFrame.css';

/**
 * The product grid's loading state, apart from the cards themselves so that a page can show it
 * before the cards' code has arrived (the home page's featured section, see FeaturedGrid).
 */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="product-grid" role="status" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** Placeholder tile while products load. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card product-card--skeleton" aria-hidden="true">
      <span className="product-card__media skeleton" />
      <span className="product-card__body">
        <span className="skeleton skeleton--text" style={{ width: '80%' }} />
        <span className="skeleton skeleton--text" style={{ width: '45%' }} />
      </span>
    </div>
  );
}
