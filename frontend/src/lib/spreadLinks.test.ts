import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { spreadHeadLinks } from './spreadLinks';

const link = (href: string, rel = 'modulepreload') => {
  const element = document.createElement('link');
  element.rel = rel;
  element.href = href;
  return element;
};
const inHead = () =>
  Array.from(document.head.querySelectorAll('link, script[src]')).map(
    (node) => node.getAttribute('href') ?? node.getAttribute('src'),
  );

let stop: () => void;
beforeAll(() => {
  stop = spreadHeadLinks();
});
afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('spreadHeadLinks', () => {
  it('adds the links code adds to the head one per later task, in order', () => {
    vi.useFakeTimers();
    const first = link('/a.js');
    expect(document.head.appendChild(first)).toBe(first);
    document.head.appendChild(link('/b.js'));
    document.head.appendChild(link('/c.css', 'stylesheet'));
    expect(inHead()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(inHead()).toEqual(['/a.js']);
    vi.advanceTimersToNextTimer();
    expect(inHead()).toEqual(['/a.js', '/b.js']);
    // One asked for meanwhile waits for those before it.
    document.head.appendChild(link('/d.js'));
    vi.advanceTimersToNextTimer();
    expect(inHead()).toEqual(['/a.js', '/b.js', '/c.css']);
    vi.runAllTimers();
    expect(inHead()).toEqual(['/a.js', '/b.js', '/c.css', '/d.js']);
    // The queue empty, the next link starts it again.
    document.head.appendChild(link('/e.js'));
    vi.runAllTimers();
    expect(inHead()).toEqual(['/a.js', '/b.js', '/c.css', '/d.js', '/e.js']);
  });

  it('adds anything else at once (the payment provider’s script)', () => {
    vi.useFakeTimers();
    document.head.appendChild(link('/a.js'));
    const script = document.createElement('script');
    script.src = '/inline.js';
    expect(document.head.appendChild(script)).toBe(script);
    expect(inHead()).toEqual(['/inline.js']);
    vi.runAllTimers();
    expect(inHead()).toEqual(['/inline.js', '/a.js']);
  });

  it('once stopped, adds the links still waiting and every later one at once', () => {
    vi.useFakeTimers();
    document.head.appendChild(link('/a.js'));
    document.head.appendChild(link('/b.js'));
    stop();
    expect(inHead()).toEqual(['/a.js', '/b.js']);
    expect(Object.hasOwn(document.head, 'appendChild')).toBe(false);
    document.head.appendChild(link('/c.js'));
    expect(inHead()).toEqual(['/a.js', '/b.js', '/c.js']);
    vi.runAllTimers();
    expect(inHead()).toEqual(['/a.js', '/b.js', '/c.js']);
  });
});
