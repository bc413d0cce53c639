import { useLocation } from 'wouter';
import { PictureSources } from '@/components/ResponsiveImage';
import { shellPicture } from '@/lib/shellPicture';
import './ProductSkeleton.css';

/**
 * The product page's shape while the product (or the page's code) loads: the gallery's box, the
 * name, price, rating, options and the button, in their places, so nothing jumps when it arrives.
 * Small and with its own styles, so the app shell can show it before the page's chunk is here.
 */
export function ProductSkeleton() {
  const [path] = useLocation();
  const picture = shellPicture(path);
  return (
    <div className="container page product-skeleton" role="status">
      <span className="visually-hidden">Loading product…</span>
      <div className={`product-skeleton__media${picture ? '' : ' skeleton'}`} aria-hidden="true">
        {picture && (
          <PictureSources
            image={picture}
            sizes={picture.sizes}
            className="product-skeleton__img"
            alt=""
            fetchPriority="high"
          />
        )}
      </div>
      <div className="product-skeleton__info" aria-hidden="true">
        <span className="skeleton skeleton--text product-skeleton__name" />
        <span className="skeleton skeleton--text product-skeleton__price" />
        <span className="skeleton product-skeleton__chips" />
        <span className="skeleton product-skeleton__chips" />
        <span className="skeleton product-skeleton__button" />
      </div>
    </div>
  );
}
