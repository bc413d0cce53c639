import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_INTERVAL_MS, HeroCarousel } from './HeroCarousel';
import { image, seedHome } from '@/test/fixtures';
import { SLIDE_LEAD_MS } from '@/lib/useSlidePictures';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@/test/utils';

function activeSlide(): number {
  const slides = screen.getAllByTestId('hero-slide');
  return slides.findIndex((s) => s.getAttribute('aria-hidden') === 'false');
}

function renderHero(onExplore = vi.fn()) {
  const hero = seedHome([image('hero-1'), image('hero-2'), image('hero-3')]).sections[0];
  const slides = hero?.type === 'hero' ? hero.slides : [];
  return renderWithProviders(<HeroCarousel slides={slides} onExplore={onExplore} />, {
    client: createTestQueryClient(),
  });
}

describe('HeroCarousel', () => {
  beforeEach(() => {
    mockFetch({});
    vi.useFakeTimers();
  });

  it('shows three slides and advances every 5000 ms: 0, 1, 2, then back to 0', () => {
    renderHero();
    expect(screen.getAllByTestId('hero-slide')).toHaveLength(3);
    expect(activeSlide()).toBe(0);

    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS - 1));
    expect(activeSlide()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(activeSlide()).toBe(1);
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(activeSlide()).toBe(2);
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(activeSlide()).toBe(0);
  });

  it('selects a slide with its dot and restarts the countdown from there', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(activeSlide()).toBe(2);
    expect(screen.getByRole('button', { name: 'Go to slide 3' }).getAttribute('aria-current')).toBe('true');

    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS - 1));
    expect(activeSlide()).toBe(2);
    act(() => void vi.advanceTimersByTime(1));
    expect(activeSlide()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    expect(activeSlide()).toBe(1);
  });

  it('pauses while hovered and with the pause button', () => {
    const { container } = renderHero();
    const hero = container.querySelector('section')!;
    fireEvent.mouseEnter(hero);
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(activeSlide()).toBe(0);
    fireEvent.mouseLeave(hero);
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(activeSlide()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(activeSlide()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(activeSlide()).toBe(2);
  });

  it('keeps rotating after a tap on a dot on a touch screen (no lasting hover or focus)', () => {
    const { container } = renderHero();
    const hero = container.querySelector('section')!;
    const dot = screen.getByRole('button', { name: 'Go to slide 2' });
    // A tap: touchstart, pointerdown, the emulated mouseenter, focus, click; never a mouseleave.
    fireEvent.touchStart(dot);
    fireEvent.pointerDown(dot);
    fireEvent.mouseEnter(hero);
    fireEvent.focus(dot);
    fireEvent.click(dot);
    expect(activeSlide()).toBe(1);
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(activeSlide()).toBe(2);
  });

  it('pauses while the keyboard focus is inside', () => {
    renderHero();
    fireEvent.focus(screen.getByRole('button', { name: 'Go to slide 2' }));
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS * 2));
    expect(activeSlide()).toBe(0);
  });

  it('does not auto-advance when the visitor prefers reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    renderHero();
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS * 2));
    expect(activeSlide()).toBe(0);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeTruthy();
  });

  it('loads the first picture at once at high priority (WebP first), and each other one shortly before its turn', () => {
    const { container } = renderHero();
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    const first = images[0]!;
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('sizes')).toBe('100vw');
    expect(first.getAttribute('srcset')).toContain('1024w');
    const webp = container.querySelector('picture source[type="image/webp"]')!;
    expect(webp.getAttribute('srcset')).toContain('.webp 720w');
    expect(webp.getAttribute('sizes')).toBe('100vw');
    // Not slide 2's picture while slide 1 has most of its 5 s to go…
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS - SLIDE_LEAD_MS - 1));
    expect(container.querySelectorAll('img')).toHaveLength(1);
    // …then 1.5 s before it slides in; slide 3's waits for slide 2's turn.
    act(() => void vi.advanceTimersByTime(1));
    expect(container.querySelectorAll('img')).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(SLIDE_LEAD_MS));
    expect(container.querySelectorAll('img')).toHaveLength(2);
    act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS - SLIDE_LEAD_MS));
    const all = container.querySelectorAll('img');
    expect(all).toHaveLength(3);
    expect(all[1]!.getAttribute('loading')).toBe('lazy');
  });

  it('fetches no slide ahead while the shopper saves data', () => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      const { container } = renderHero();
      act(() => void vi.advanceTimersByTime(HERO_INTERVAL_MS - 1));
      expect(container.querySelectorAll('img')).toHaveLength(1);
      act(() => void vi.advanceTimersByTime(1));
      expect(container.querySelectorAll('img')).toHaveLength(2);
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('shows the brand title and an Explore button on the visible slide', () => {
    const onExplore = vi.fn();
    renderHero(onExplore);
    expect(screen.getByRole('heading', { level: 1, name: 'Ankara' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Explore' }));
    expect(onExplore).toHaveBeenCalledOnce();
  });
});
