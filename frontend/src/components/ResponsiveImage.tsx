import type { Image } from '@/lib/types';

type ResponsiveImageProps = {
  image: Image | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, per viewport. */
  sizes: string;
  className?: string;
  /** The page's LCP image: fetched eagerly at high priority. Everything else is lazy. */
  priority?: boolean;
  onLoad?: () => void;
};

/**
 * `<img srcset sizes>` with intrinsic width/height (no layout shift), lazy and async-decoded unless
 * it is the priority image. Without an image it draws a quiet placeholder of the same box.
 */
export function ResponsiveImage({ image, alt, sizes, className, priority = false, onLoad }: ResponsiveImageProps) {
  if (!image) {
    return (
      <span
        className={className ? `img-placeholder ${className}` : 'img-placeholder'}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      />
    );
  }
  return (
    <img
      className={className}
      src={image.url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onLoad={onLoad}
    />
  );
}
