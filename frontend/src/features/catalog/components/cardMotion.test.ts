import { describe, expect, it } from 'vitest';
import { CARD_SCALE_MAX, CARD_SCALE_MIN, cardScale, startCardMotion } from './cardMotion';

describe('cardScale', () => {
  it('is 1.1 at the viewport centre and 0.95 far away', () => {
    expect(cardScale(0, 800, 400)).toBeCloseTo(CARD_SCALE_MAX);
    expect(cardScale(600, 800, 400)).toBeCloseTo(CARD_SCALE_MIN);
    expect(cardScale(-5000, 800, 400)).toBeCloseTo(CARD_SCALE_MIN);
  });

  it('shrinks linearly with distance, the same above and below', () => {
    expect(cardScale(300, 800, 400)).toBeCloseTo(1.025);
    expect(cardScale(-300, 800, 400)).toBeCloseTo(1.025);
    expect(cardScale(100, 800, 400)).toBeGreaterThan(cardScale(200, 800, 400));
  });
});

describe('startCardMotion', () => {
  it('leaves the cards already on screen shown and fades in only the others', () => {
    const observed: Element[] = [];
    const realObserver = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      observe(el: Element) {
        observed.push(el);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    const box = (left: number, width: number) => () =>
      ({ left, right: left + width, top: 100, bottom: 300, width, height: 200 }) as DOMRect;
    const list = document.createElement('ul');
    list.getBoundingClientRect = box(0, window.innerWidth);
    const cards = [0, 1, 2].map((i) => {
      const card = document.createElement('li');
      card.dataset.card = '';
      // 60 % of the screen wide: the first and second show, the third is past the right edge.
      card.getBoundingClientRect = box(i * window.innerWidth * 0.6, window.innerWidth * 0.6);
      list.append(card);
      return card;
    });
    document.body.append(list);
    try {
      const stop = startCardMotion(list, 'x');
      expect(list.classList.contains('is-animated')).toBe(true);
      expect(cards.map((c) => c.classList.contains('is-visible'))).toEqual([true, true, false]);
      expect(observed).toEqual([cards[2]]);
      stop?.();
      expect(list.classList.contains('is-animated')).toBe(false);
    } finally {
      globalThis.IntersectionObserver = realObserver;
      list.remove();
    }
  });
});
