import { useState } from 'react';
import { SectionLink } from './SectionLink';
import { PauseIcon, PlayIcon } from '@/components/icons';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { SHOP_NAME } from '@/lib/site';
import type { SlideView } from '@/lib/types';
import { useAutoAdvance } from '@/lib/useAutoAdvance';
import { useCarouselPause } from '@/lib/useCarouselPause';
import { prefersReducedMotion } from '@/lib/useMediaQuery';
import { useSlidePictures } from '@/lib/useSlidePictures';
import './HeroCarousel.css';

export const HERO_INTERVAL_MS = 5000;

type HeroCarouselProps = {
  /** The merchant's slides (1 to 5), pictures and links resolved by the server. */
  slides: readonly SlideView[];
  /** What a button leading to the collections does: scroll to them. */
  onExplore: () => void;
};

/**
 * The merchant's full-bleed slides (the seed's three), rotating every 5 s (0, 1, 2, 0, …). Hovering or focusing the carousel
 * pauses it, so does the pause button, and a reduced-motion preference starts it paused. The first
 * slide's picture is the page's LCP element, fetched at high priority; each other slide's shortly
 * before its turn (useSlidePictures), or when the shopper moves to it.
 */
export function HeroCarousel({ slides, onExplore }: HeroCarouselProps) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const { paused, handlers } = useCarouselPause();

  const running = playing && !paused;
  useAutoAdvance(index, running, HERO_INTERVAL_MS, () => setIndex((i) => (i + 1) % slides.length));
  const mayLoad = useSlidePictures(slides.length, index, running, HERO_INTERVAL_MS);

  return (
    <section className="hero on-dark" aria-roledescription="carousel" aria-label="Highlights" {...handlers}>
      <div className="hero__slides" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const active = i === index;
          const image = slide.picture;
          return (
            <div
              key={i}
              className={`hero__slide${active ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!active}
              data-testid="hero-slide"
            >
              <div className="hero__art">
                {image && mayLoad(i) && (
                  <ResponsiveImage image={image} alt="" sizes="100vw" className="hero__img" priority={i === 0} />
                )}
                <div className="hero__shade" />
              </div>
              <div className="hero__content container">
                {slide.kicker && <p className="hero__kicker">{slide.kicker}</p>}
                <h1 className="hero__title">{SHOP_NAME}</h1>
                {slide.line && <p className="hero__tagline">{slide.line}</p>}
                <SectionLink
                  href={slide.button.href}
                  className="btn btn--primary hero__cta"
                  onExplore={onExplore}
                  tabIndex={active ? 0 : -1}
                >
                  {slide.button.label}
                </SectionLink>
              </div>
            </div>
          );
        })}
      </div>

      {slides.length > 1 && (
        <div className="hero__controls container">
          <div className="hero__dots">
            {slides.map((_, i) => (
              <button
                key={i}
                type="button"
                className={`hero__dot${i === index ? ' is-active' : ''}`}
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <span aria-hidden="true" />
              </button>
            ))}
          </div>
          <button
            type="button"
            className="hero__toggle"
            aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? <PauseIcon size={18} /> : <PlayIcon size={16} />}
          </button>
        </div>
      )}
    </section>
  );
}
