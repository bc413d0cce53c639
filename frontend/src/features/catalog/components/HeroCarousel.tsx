import { useEffect, useState } from 'react';
import { useHeroImages } from '../api/get-hero';
import { PauseIcon, PlayIcon } from '@/components/icons';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { SHOP_NAME } from '@/lib/site';
import { useAutoAdvance } from '@/lib/useAutoAdvance';
import { prefersReducedMotion } from '@/lib/useMediaQuery';
import './HeroCarousel.css';

export const HERO_INTERVAL_MS = 5000;
/** Slides 2 and 3 wait this long after the first picture has loaded, leaving the phone to paint it. */
const REST_DELAY_MS = 1000;

const SLIDES = [
  { kicker: 'The new season', tagline: 'Sharp tailoring and formal essentials for the modern Nigerian gentleman.' },
  { kicker: 'Crafted to impress', tagline: 'Handmade formal shoes and crisp corporate shirts, ready for Monday.' },
  { kicker: 'Finish the look', tagline: 'Statement wristwatches and clean sneakers for every day off.' },
] as const;

type HeroCarouselProps = {
  /** The Explore button's action: scroll to the collections. */
  onExplore: () => void;
};

/**
 * Three full-bleed slides that rotate every 5 s (0, 1, 2, 0, …). Hovering or focusing the carousel
 * pauses it, so does the pause button, and a reduced-motion preference starts it paused. The first
 * slide's picture is the page's LCP element: fetched at high priority, the other two only after it.
 */
export function HeroCarousel({ onExplore }: HeroCarouselProps) {
  const { data: images } = useHeroImages();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [loadRest, setLoadRest] = useState(false);

  const running = playing && !hovered && !focused;
  useAutoAdvance(index, running, HERO_INTERVAL_MS, () => setIndex((i) => (i + 1) % SLIDES.length));

  useEffect(() => {
    if (index !== 0) setLoadRest(true);
  }, [index]);

  return (
    <section
      className="hero on-dark"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <div className="hero__slides" aria-live={running ? 'off' : 'polite'}>
        {SLIDES.map((slide, i) => {
          const active = i === index;
          const image = images?.[i];
          return (
            <div
              key={i}
              className={`hero__slide${active ? ' is-active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${SLIDES.length}`}
              aria-hidden={!active}
              data-testid="hero-slide"
            >
              {image && (i === 0 || loadRest) && (
                <ResponsiveImage
                  image={image}
                  alt=""
                  sizes="100vw"
                  className="hero__img"
                  priority={i === 0}
                  onLoad={i === 0 ? () => window.setTimeout(() => setLoadRest(true), REST_DELAY_MS) : undefined}
                />
              )}
              <div className="hero__shade" />
              <div className="hero__content container">
                <p className="hero__kicker">{slide.kicker}</p>
                <h1 className="hero__title">{SHOP_NAME}</h1>
                <p className="hero__tagline">{slide.tagline}</p>
                <button
                  type="button"
                  className="btn btn--primary hero__cta"
                  onClick={onExplore}
                  tabIndex={active ? 0 : -1}
                >
                  Explore
                </button>
              </div>
            </div>
          );
        })}
      </div>

      <div className="hero__controls container">
        <div className="hero__dots">
          {SLIDES.map((_, i) => (
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
    </section>
  );
}
