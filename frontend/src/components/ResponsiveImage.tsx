import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import type { Image } from '@/lib/types';
import { oneXSizes, saveData } from '@/lib/saveData';

type ResponsiveImageProps = {
  image: Image | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, per viewport. */
  sizes: string;
  className?: string;
  /** The page's LCP image: fetched at once at high priority. Everything else waits until near. */
  priority?: boolean;
  onLoad?: () => void;
};

/** How far below (or beside, in a scrolling rail) the screen a picture starts loading: "about to be shown". */
const NEAR_MARGIN = '240px';

/**
 * A stored picture: `<picture>` with its lossy WebP srcset (where the server has one) before the
 * JPEG one, intrinsic width/height (no layout shift), `sizes` as given (at one pixel per CSS pixel
 * when the shopper saves data). Unless it is the priority picture, nothing is fetched until it is
 * on the screen, or within NEAR_MARGIN of it once the shopper scrolls (the browser's own lazy loading starts 1,250–2,500 px early,
 * which on a phone is most of the page). Without an image it draws a quiet placeholder of the same box.
 */
export function ResponsiveImage({ image, alt, sizes, className, priority = false, onLoad }: ResponsiveImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const near = useNear(ref, priority || !image);
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
    <PictureSources
      image={image}
      sizes={sizes}
      load={near}
      imgRef={ref}
      className={className}
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

type PictureSourcesProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  image: Pick<Image, 'url' | 'srcset' | 'webpSrcset'>;
  sizes: string;
  /** False keeps the element in place without fetching anything (a picture not yet near the screen). */
  load?: boolean;
  imgRef?: React.Ref<HTMLImageElement>;
};

/** The `<picture>` element itself (also used by the product skeleton for the shell's picture). */
export function PictureSources({ image, sizes, load = true, imgRef, ...img }: PictureSourcesProps) {
  const drawn = saveData() ? oneXSizes(sizes) : sizes;
  const srcset = image.srcset || undefined;
  return (
    <picture>
      {load && image.webpSrcset && <source type="image/webp" srcSet={image.webpSrcset} sizes={drawn} />}
      <img
        ref={imgRef}
        src={load && image.url ? image.url : undefined}
        srcSet={load ? srcset : undefined}
        sizes={srcset ? drawn : undefined}
        {...img}
      />
    </picture>
  );
}

/** Whether the shopper has scrolled anything yet (the page, or a rail inside it). */
let shopperScrolled = false;

/**
 * True once the element is on the screen, or — once the shopper has scrolled anything — within
 * NEAR_MARGIN of it (on it only, when the shopper saves data; `always`: at once). Before a first
 * scroll nothing beside the screen is "about to be shown": a phone that opens the home page and
 * stays on its first screen does not fetch the next section's picture (17 KB on the demo's home).
 * A rail's cards scroll inside their own box: `scrollMargin` (where the browser has it) gives them
 * the same margin. Without IntersectionObserver (old browsers, tests) it is true at once.
 */
function useNear(ref: React.RefObject<Element | null>, always: boolean): boolean {
  const [near, setNear] = useState(() => always || typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (near) return;
    if (always) {
      setNear(true);
      return;
    }
    const element = ref.current;
    if (!element) return;
    let observer: IntersectionObserver | undefined;
    const observe = (margin: string) => {
      observer?.disconnect();
      const options = { rootMargin: margin, scrollMargin: margin } as IntersectionObserverInit;
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      }, options);
      observer.observe(element);
    };
    // Saving data: only what is on the screen.
    if (saveData()) {
      observe('0px');
      return () => observer?.disconnect();
    }
    if (shopperScrolled) {
      observe(NEAR_MARGIN);
      return () => observer?.disconnect();
    }
    observe('0px');
    // A rail's scroll does not bubble: listen in the capture phase to hear every scroll.
    const onScroll = () => {
      shopperScrolled = true;
      observe(NEAR_MARGIN);
    };
    document.addEventListener('scroll', onScroll, { capture: true, once: true, passive: true });
    return () => {
      document.removeEventListener('scroll', onScroll, { capture: true });
      observer?.disconnect();
    };
  }, [near, always, ref]);
  return near;
}
