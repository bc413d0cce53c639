import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import type { Image } from '@/lib/types';
import { wrapIndex } from '@/lib/useAutoAdvance';
import './ProductSlider.css';

/** The other pictures wait this long after the first has loaded, leaving the phone to paint it. */
const REST_DELAY_MS = 1000;
const MAIN_SIZES = '(min-width: 1232px) 600px, (min-width: 768px) 50vw, 100vw';

type ProductSliderProps = { images: ReadonlyArray<Image>; name: string };

/**
 * The product pictures: one at a time, crossfading over 0.5 s; previous/next buttons wrap around,
 * thumbnails jump, arrow keys and swipes move too. The first picture is fetched at high priority
 * (the page's LCP); the rest wait until it has arrived and been shown,
 * or until the shopper moves.
 */
export function ProductSlider({ images, name }: ProductSliderProps) {
  const count = images.length;
  const [index, setIndex] = useState(0);
  const [loadRest, setLoadRest] = useState(false);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);

  const go = (delta: number) => {
    setLoadRest(true);
    setIndex((i) => wrapIndex(i + delta, count));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  };

  if (count === 0) {
    return (
      <div className="product-slider">
        <div className="product-slider__stage">
          <ResponsiveImage image={null} alt={`${name}: no picture yet`} sizes={MAIN_SIZES} />
        </div>
      </div>
    );
  }

  return (
    <div className="product-slider" role="region" aria-roledescription="carousel" aria-label={`Pictures of ${name}`}>
      <div
        className="product-slider__stage"
        tabIndex={count > 1 ? 0 : undefined}
        role={count > 1 ? 'group' : undefined}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        aria-label={count > 1 ? `Image ${index + 1} of ${count}. Use the arrow keys to browse.` : undefined}
      >
        {images.map((image, i) =>
          i === 0 || loadRest ? (
            <div
              key={i}
              className={`product-slider__slide${i === index ? ' is-active' : ''}`}
              aria-hidden={i !== index}
              data-testid="product-slide"
            >
              <ResponsiveImage
                image={image}
                alt={count > 1 ? `${name}, image ${i + 1} of ${count}` : name}
                sizes={MAIN_SIZES}
                className="product-slider__img"
                priority={i === 0}
                onLoad={i === 0 ? () => window.setTimeout(() => setLoadRest(true), REST_DELAY_MS) : undefined}
              />
            </div>
          ) : null,
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              className="product-slider__arrow product-slider__arrow--prev"
              aria-label="Previous image"
              onClick={() => go(-1)}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="product-slider__arrow product-slider__arrow--next"
              aria-label="Next image"
              onClick={() => go(1)}
            >
              <ChevronRightIcon />
            </button>
            <span className="product-slider__counter" aria-hidden="true">
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>

      {count > 1 && (
        <div className="product-slider__thumbs">
          {images.map((image, i) => (
            <button
              key={i}
              type="button"
              className={`product-slider__thumb${i === index ? ' is-active' : ''}`}
              aria-label={`Show image ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => {
                setLoadRest(true);
                setIndex(i);
              }}
            >
              <ResponsiveImage image={image} alt="" sizes="72px" className="product-slider__thumb-img" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
