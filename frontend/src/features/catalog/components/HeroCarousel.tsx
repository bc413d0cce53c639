import { useState } from 'react';
import { useHeroImages } from '../api/get-hero';
import { PauseIcon, PlayIcon } from '@/components/icons';
import { ResponsiveImage } from '@/components/ResponsiveImage';
import { SHOP_NAME } from '@/lib/site';
import { useAutoAdvance } from '@/lib/useAutoAdvance';
import { useCarouselPause } from '@/lib/useCarouselPause';
import { prefersReducedMotion } from '@/lib/useMediaQuery';
import { useSlidePictures } from '@/lib/useSlidePictures';
import './HeroCarousel.css';

export const HERO_INTERVAL_MS = 5000;

/**
 * Each slide's words describe its picture (the demo's hero art: a suit and a watch; two sneakers; a
 * stack of shirts beside a formal shoe). `focus` is where the picture's subject sits, so a crop
 * keeps it in frame (see HeroCarousel.css).
 */
const SLIDES = [
  {
    kicker: 'The new season',
    tagline: 'A sharp suit and a statement wristwatch: tailoring for the modern Nigerian gentleman.',
  },
  { kicker: 'Weekend ready', tagline: 'Clean, comfortable sneakers in bold colours for every day off.' },
  { kicker: 'Ready for Monday', tagline: 'Crisp corporate shirts and handmade formal shoes for the working week.' },
] as const;

type HeroCarouselProps = {
  /** The Explore button's action: scroll to the collections. */
  onExplore: () => void;
};

/**
 * Three full-bleed slides that rotate every 5 s (0, 1, 2, 0, …). Hovering or focusing the carousel
 * pauses it, so does the pause button, and a reduced-motion preference starts it paused. The first
 * slide's picture is the page's LCP element, fetched at high priority; each other slide's shortly
 * before its turn (useSlidePictures), or when the shopper moves to it.
 */
export function HeroCarousel({ onExplore }: HeroCarouselProps) {
  const { data: images } = useHeroImages();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const { paused, handlers } = useCarouselPause();

  const running = playing && !paused;
  useAutoAdvance(index, running, HERO_INTERVAL_MS, () => setIndex((i) => (i + 1) % SLIDES.length));
  const mayLoad = useSlidePictures(SLIDES.length, index, running, HERO_INTERVAL_MS);

  return (
    <section className="hero on-dark" aria-roledescription="carousel" aria-label="Highlights" {...handlers}>
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
              <div className="hero__art">
                {image && mayLoad(i) && (
                  <ResponsiveImage image={image} alt="" sizes="100vw" className="hero__img" priority={i === 0} />
                )}
                <div className="hero__shade" />
              </div>
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
