import { afterEach, describe, expect, it, vi } from 'vitest';
import { spreadHeadLinks } from './spreadLinks';

const link = (href: string) => {
  const element = document.createElement('link');
  element.rel = 'modulepreload';
  element.href = href;
  return element;
};
const hrefs = () => Array.from(document.head.querySelectorAll('link')).map((l) => l.getAttribute('href'));

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('spreadHeadLinks', () => {
  it('adds the links the call adds to the head one per later task, in order, and hands back its answer', () => {
    vi.useFakeTimers();
    const answer = spreadHeadLinks(() => {
      for (const href of ['/a.js', '/b.js', '/c.css']) document.head.appendChild(link(href));
      return 42;
    });
    expect(answer).toBe(42);
    expect(hrefs()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(hrefs()).toEqual(['/a.js']);
    vi.advanceTimersToNextTimer();
    expect(hrefs()).toEqual(['/a.js', '/b.js']);
    vi.runAllTimers();
    expect(hrefs()).toEqual(['/a.js', '/b.js', '/c.css']);
  });

  it('gives the head its own appendChild back, even when the call throws', () => {
    vi.useFakeTimers();
    expect(() =>
      spreadHeadLinks(() => {
        document.head.appendChild(link('/x.js'));
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(Object.hasOwn(document.head, 'appendChild')).toBe(false);
    document.head.appendChild(link('/now.js'));
    expect(hrefs()).toEqual(['/now.js']);
    vi.runAllTimers();
    expect(hrefs()).toEqual(['/now.js', '/x.js']);
  });
});
