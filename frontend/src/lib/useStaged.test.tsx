import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextFrame } from '@/test/utils';

/** The hook as a fresh page would load it, with or without the server's first screen in #root. */
async function loadWith(shell: boolean) {
  vi.resetModules();
  document.body.innerHTML = shell ? '<div id="root" data-shell></div>' : '<div id="root"></div>';
  return (await import('./useStaged')).useStaged;
}

function parts(useStaged: (total: number, first?: number) => number, total: number, first?: number) {
  return function Parts() {
    const shown = useStaged(total, first);
    return <p data-testid="parts">{shown}</p>;
  };
}

const shown = () => Number(screen.getByTestId('parts').textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useStaged', () => {
  it('draws the page the app opened on in stages, one more part each frame, and later pages whole', async () => {
    const useStaged = await loadWith(true);
    const Opening = parts(useStaged, 4, 2);
    const { unmount } = render(<Opening />);
    expect(shown()).toBe(2);
    await nextFrame();
    expect(shown()).toBe(3);
    await nextFrame();
    expect(shown()).toBe(4);
    await nextFrame();
    expect(shown()).toBe(4);
    unmount();

    // The next page (a navigation in the app) is drawn whole at once.
    const Next = parts(useStaged, 3);
    render(<Next />);
    expect(shown()).toBe(3);
  });

  it('waits for a page whose parts are not known yet, then stages them', async () => {
    const useStaged = await loadWith(true);
    function Later({ total }: { total: number }) {
      return <p data-testid="parts">{useStaged(total)}</p>;
    }
    const { rerender } = render(<Later total={0} />);
    expect(shown()).toBe(0);
    await nextFrame();
    rerender(<Later total={3} />);
    expect(shown()).toBe(1);
    await nextFrame();
    await nextFrame();
    expect(shown()).toBe(3);
  });

  it('draws everything at once without the server’s first screen (tests, a page the app did not open on)', async () => {
    const useStaged = await loadWith(false);
    const Whole = parts(useStaged, 5);
    render(<Whole />);
    expect(shown()).toBe(5);
  });
});
