/** The products, or the cards' code (offline before it was ever fetched), could not be had. */
export function FeaturedError() {
  return (
    <p className="alert alert--error" role="alert">
      Error loading featured products.
    </p>
  );
}
