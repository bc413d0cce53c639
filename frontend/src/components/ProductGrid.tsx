import type { ReactNode } from 'react';
import { ProductCard } from './ProductCard';
import type { Product } from '@/lib/types';

export { ProductGridSkeleton } from './ProductGridSkeleton';

type ProductGridProps = {
  products: ReadonlyArray<Product>;
  hoverImage?: boolean;
  showCategory?: boolean;
  label?: string;
  /** Buttons under each card, outside its link (admin tools, …). */
  actions?: (product: Product) => ReactNode;
  /** Added to each product link: the size and colour a filtered list shows (`?size=42`). */
  linkSearch?: string;
};

/** 2 columns on phones, 3 on tablets, 4 on desktop. */
export function ProductGrid({ products, hoverImage, showCategory, label, actions, linkSearch }: ProductGridProps) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard
            product={p}
            hoverImage={hoverImage}
            showCategory={showCategory}
            actions={actions?.(p)}
            linkSearch={linkSearch}
          />
        </li>
      ))}
    </ul>
  );
}
