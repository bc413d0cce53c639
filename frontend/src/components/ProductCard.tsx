import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { StarShape } from './moreIcons';
import { ResponsiveImage } from './ResponsiveImage';
import { useMediaQuery } from '@/lib/useMediaQuery';
import { SalePrice } from './SalePrice';
import { productPath } from '@/lib/collections';
import type { Product } from '@/lib/types';
import { isSoldOut, SOLD_OUT } from '@/lib/variants';
import './ProductCardFrame.css';
import './ProductCard.css';
import { formatCount } from '@/lib/money';
import { useProductPrice } from '@/lib/shownCurrency';

/** How wide a card image is drawn: 2 columns on phones, 3 on tablets, 4 on desktop (max 1200px page). */
/** Where ProductCard.css swaps in the second picture. */
const HOVER_QUERY = '(hover: hover) and (pointer: fine)';

export const PRODUCT_CARD_SIZES = '(min-width: 1232px) 280px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 48vw';

type ProductCardProps = {
  product: Product;
  /** Crossfade to the second image on hover (pointer devices). */
  hoverImage?: boolean;
  showCategory?: boolean;
  /** Buttons shown under the card, outside its link (admin delete, add to bag, …). */
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** Added to the link: the size and colour to start the product page with (`?size=42&color=Black`). */
  linkSearch?: string;
};

/** A product tile: the whole tile links to the product page. A product with nothing left says Sold out on its picture. */
export function ProductCard({
  product,
  hoverImage = false,
  showCategory = false,
  actions,
  headingLevel = 'h3',
  linkSearch = '',
}: ProductCardProps) {
  const [first, second] = product.images;
  // The second picture shows only under a mouse (ProductCard.css): a phone never fetches it.
  const canHover = useMediaQuery(HOVER_QUERY);
  const swap = hoverImage && canHover && second !== undefined;
  const Heading = headingLevel;
  const soldOut = isSoldOut(product);
  const price = useProductPrice(product);
  return (
    <article className={`product-card${swap ? ' product-card--swap' : ''}${soldOut ? ' is-sold-out' : ''}`}>
      <Link href={productPath(product.id) + linkSearch} className="product-card__link">
        <span className="product-card__media">
          {/* The name is right below, so the picture is decorative inside the link. */}
          <ResponsiveImage image={first} alt="" sizes={PRODUCT_CARD_SIZES} className="product-card__img" />
          {swap && (
            <ResponsiveImage
              image={second}
              alt=""
              sizes={PRODUCT_CARD_SIZES}
              className="product-card__img product-card__img--alt"
            />
          )}
          {soldOut && <span className="product-card__badge">{SOLD_OUT}</span>}
        </span>
        <span className="product-card__body">
          {showCategory && product.category && <span className="product-card__category">{product.category}</span>}
          <Heading className="product-card__name">{product.name}</Heading>
          <SalePrice {...price} className="product-card__prices" priceClassName="product-card__price" />
          {product.reviewCount > 0 && <CardRating rating={product.rating} reviewCount={product.reviewCount} />}
        </span>
      </Link>
      {actions && <div className="product-card__actions">{actions}</div>}
    </article>
  );
}

/** "★ 4.5 (12)" under the price, read out as "Rated 4.5 out of 5, 12 reviews". */
export function CardRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  const value = Math.max(0, Math.min(5, rating)).toFixed(1);
  const reviews = `${formatCount(reviewCount)} ${reviewCount === 1 ? 'review' : 'reviews'}`;
  return (
    <span className="product-card__rating">
      <span aria-hidden="true">
        <StarShape size={14} />
        <span className="product-card__rating-value">{value}</span> ({formatCount(reviewCount)})
      </span>
      <span className="visually-hidden">
        Rated {value} out of 5, {reviews}
      </span>
    </span>
  );
}
