import { useState } from 'react';
import { Link } from 'wouter';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/icons';
import { Price } from '@/components/Price';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { collectionPath, productPath } from '@/lib/collections';
import type { Release } from '@/lib/types';
import { useAutoAdvance, wrapIndex } from '@/lib/useAutoAdvance';
import { useCarouselPause } from '@/lib/useCarouselPause';
import { prefersReducedMotion } from '@/lib/useMediaQuery';
import { useSlidePictures } from '@/lib/useSlidePictures';
import './ReleaseCarousel.css';

export const RELEASE_INTERVAL_MS = 5000;

/**
 * One release at a time over its full-width picture. Arrows and dots move between releases,
 * wrapping both ways; with more than one it also advances every 5 s, paused while hovered or
 * focused and for a reduced-motion preference.
 */
export function ReleaseCarousel({ releases }: { releases: ReadonlyArray<Release> }) {
  const count = releases.length;
  const [rawIndex, setIndex] = useState(0);
  const index = wrapIndex(rawIndex, count);
  const { paused, handlers } = useCarouselPause();
  const [reducedMotion] = useState(prefersReducedMotion);

  const go = (delta: number) => setIndex((i) => wrapIndex(i + delta, count));
  const running = count > 1 && !paused && !reducedMotion;
  useAutoAdvance(index, running, RELEASE_INTERVAL_MS, () => go(1));
  // Each release's picture loads shortly before its turn (four full-width pictures at once used to
  // crowd a phone's first load), and none before the section comes near the screen
  // (ResponsiveImage waits for that).
  const mayLoad = useSlidePictures(count, index, running, RELEASE_INTERVAL_MS);

  const current = releases[index]!;

  return (
    <div
      className="releases__frame"
      role="region"
      aria-roledescription="carousel"
      aria-label="New releases"
      {...handlers}
    >
      <div className="releases__backgrounds" aria-hidden="true">
        {releases.map((release, i) =>
          mayLoad(i) ? (
            <ResponsiveImage
              key={release.id}
              image={release.backgroundImage}
              alt=""
              sizes="100vw"
              className={`releases__bg${i === index ? ' is-active' : ''}`}
            />
          ) : null,
        )}
        <div className="releases__shade" />
      </div>

      <div className="releases__content container">
        <h2 id="releases-heading" className="releases__heading">
          New Releases
        </h2>
        <div
          key={current.id}
          className="releases__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
        >
          <p className="releases__collection">{current.collectionName}</p>
          <h3 className="releases__name">{current.name}</h3>
          <p className="releases__description">{current.description}</p>
          <Price kobo={current.price} className="releases__price" />
          <div className="releases__actions">
            <Link href={productPath(current.productId)} className="btn btn--primary">
              Shop Now
            </Link>
            <Link href={collectionPath(current.collectionId)} className="btn btn--ghost-light">
              Explore Collection
            </Link>
          </div>
        </div>

        {count > 1 && (
          <div className="releases__controls">
            <button type="button" className="releases__arrow" aria-label="Previous release" onClick={() => go(-1)}>
              <ChevronLeftIcon />
            </button>
            <div className="releases__dots">
              {releases.map((release, i) => (
                <button
                  key={release.id}
                  type="button"
                  className={`releases__dot${i === index ? ' is-active' : ''}`}
                  aria-label={`Go to release ${i + 1}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <span aria-hidden="true" />
                </button>
              ))}
            </div>
            <button type="button" className="releases__arrow" aria-label="Next release" onClick={() => go(1)}>
              <ChevronRightIcon />
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
