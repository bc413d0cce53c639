import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// First: the page carries the demo's facts before any module of the app reads them.
import './demoShop';
import { embedShop } from './shop';

// jsdom has no matchMedia: answer "no match" (no reduced motion, not mobile) unless a test stubs it.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

window.scrollTo = () => {};

// findBy/waitFor give up after 1 s by default; on a busy two-core CI machine a render can take
// longer than that, so they wait up to 3 s (a passing test is no slower).
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.title = '';
  // Each test is a new tab: what a tab keeps (the last checkout's outcome) does not carry over.
  window.sessionStorage.clear();
  // A test that changed the shop's facts leaves the demo's behind it.
  embedShop();
});
