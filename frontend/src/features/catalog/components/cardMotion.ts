// The mobile collections list's motion (see useCardMotion), in a chunk of its own: fetched once
// the list is on a phone's screen, not with the first page's JavaScript.
export const CARD_SCALE_MIN = 0.95;
export const CARD_SCALE_MAX = 1.1;

/**
 * Scale of a card whose centre is `distance` px from the viewport centre (along the list's axis):
 * 1.1 at the centre, down to 0.95 once the card is half a viewport (plus half itself) away,
 * linearly in between.
 */
export function cardScale(distance: number, viewportHeight: number, cardHeight: number): number {
  const reach = viewportHeight / 2 + cardHeight / 2;
  const t = reach > 0 ? Math.min(Math.abs(distance) / reach, 1) : 1;
  return CARD_SCALE_MAX - (CARD_SCALE_MAX - CARD_SCALE_MIN) * t;
}

/** Starts the motion on the list's cards; answers how to stop it (none when it has no cards). */
export function startCardMotion(list: HTMLElement, axis: 'x' | 'y'): (() => void) | undefined {
  const cards = Array.from(list.querySelectorAll<HTMLElement>('[data-card]'));
  if (cards.length === 0) return undefined;
  // Cards already on screen when the motion starts stay as they are: hiding them to fade them in
  // again would make them blink (and a reader caught mid-fade sees faint text).
  const listBox = list.getBoundingClientRect();
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    const left = Math.max(box.left, listBox.left, 0);
    const right = Math.min(box.right, listBox.right, window.innerWidth);
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, window.innerHeight);
    if (right > left && bottom > top) card.classList.add('is-visible');
  }
  list.classList.add('is-animated');

  let observer: IntersectionObserver | undefined;
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.add('is-visible');
          observer?.unobserve(entry.target);
        }
      },
      { threshold: 0.12, rootMargin: '0px 0px -6% 0px' },
    );
    cards.filter((card) => !card.classList.contains('is-visible')).forEach((card) => observer!.observe(card));
  } else {
    cards.forEach((card) => card.classList.add('is-visible'));
  }

  const scaled = cards.map((card) => card.querySelector<HTMLElement>('[data-scale]') ?? card);
  let frame = 0;
  const update = () => {
    frame = 0;
    const viewport = axis === 'x' ? window.innerWidth : window.innerHeight;
    // Every card measured before any is scaled: a measure after a write made the browser lay the
    // page out again for each card.
    const measured = scaled.map((el) => {
      const rect = el.getBoundingClientRect();
      const [start, size] = axis === 'x' ? [rect.left, rect.width] : [rect.top, rect.height];
      return { el, scale: cardScale(start + size / 2 - viewport / 2, viewport, size) };
    });
    for (const { el, scale } of measured) el.style.transform = `scale(${scale.toFixed(4)})`;
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  update();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  list.addEventListener('scroll', schedule, { passive: true });

  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    list.removeEventListener('scroll', schedule);
    observer?.disconnect();
    list.classList.remove('is-animated');
    cards.forEach((card) => card.classList.remove('is-visible'));
    scaled.forEach((el) => (el.style.transform = ''));
  };
}
