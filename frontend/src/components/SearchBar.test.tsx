import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchBar } from './SearchBar';
import { Header } from './Header';
import type { Suggestion } from '@/lib/types';
import { image } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

describe('SearchBar', () => {
  it('does nothing on an empty or blank submit', () => {
    const onClose = vi.fn();
    const { memory, currentLocation } = renderWithProviders(<SearchBar onClose={onClose} />, { path: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit search' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search products' }), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(memory.history).toEqual(['/']);
    expect(currentLocation()).toBe('/');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('navigates to /search?q= with the trimmed, encoded query and closes', () => {
    const onClose = vi.fn();
    const { currentLocation } = renderWithProviders(<SearchBar onClose={onClose} />, { path: '/about' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search products' }), {
      target: { value: '  black & tan shoes ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit search' }));
    expect(currentLocation()).toBe('/search?q=black%20%26%20tan%20shoes');
    expect(onClose).toHaveBeenCalled();
  });

  it('focuses the input when it opens and closes on Escape and on an outside click', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <p>outside</p>
        <SearchBar onClose={onClose} />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Search products' }));
    fireEvent.pointerDown(screen.getByRole('combobox'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('opens from the header search button and closes with the close button', async () => {
    const menuButtonRef = { current: null };
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={menuButtonRef} />);
    expect(screen.queryByRole('search')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The bar's code is its own chunk, fetched on this first tap.
    expect(await screen.findByRole('search')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('search')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
  });
});

describe('SearchBar suggestions', () => {
  const suggestions: Suggestion[] = [
    { id: 'p1', name: 'Eko High-Top in Black/Volt', category: 'High-Top', price: 4_500_000, image: image('eko') },
    { id: 'p2', name: 'Lagos Runner in White/Orange', category: 'Running', price: 3_250_050, image: image('lagos') },
    { id: 'p3', name: 'Canvas Sneaker', category: null, price: 1_800_000, image: null },
  ];

  function type(value: string) {
    fireEvent.change(screen.getByRole('combobox', { name: 'Search products' }), { target: { value } });
  }

  it('asks for suggestions 300 ms after the last keystroke, only from 2 trimmed characters', async () => {
    vi.useFakeTimers();
    const fetch = mockFetch({ '/api/search/suggest': suggestions });
    renderWithProviders(<SearchBar onClose={() => {}} />);
    type(' s ');
    await act(async () => vi.advanceTimersByTime(400));
    expect(fetch).not.toHaveBeenCalled();

    type('sn');
    await act(async () => vi.advanceTimersByTime(200));
    type('snek');
    await act(async () => vi.advanceTimersByTime(299));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/search/suggest?q=snek');

    await act(async () => vi.advanceTimersByTime(10));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Eko High-Top in Black/VoltHigh-Top₦45,000.00',
      'Lagos Runner in White/OrangeRunning₦32,500.50',
      'Canvas Sneaker₦18,000.00',
    ]);
    // Each with its picture (the whole name shows: no ellipsis is drawn by the markup).
    expect(options[0]!.querySelector('img')!.getAttribute('src')).toBe('/media/eko-640.jpg');
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true');
  });

  it('shows at most five suggestions', async () => {
    const many: Suggestion[] = Array.from({ length: 7 }, (_, i) => ({
      id: `p${i}`,
      name: `Shoe ${i}`,
      category: null,
      price: 100_000 * (i + 1),
      image: null,
    }));
    mockFetch({ '/api/search/suggest': many });
    renderWithProviders(<SearchBar onClose={() => {}} />);
    type('shoe');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5), { timeout: 2000 });
  });

  it('moves with ArrowDown/ArrowUp (aria-activedescendant) and Enter opens the highlighted product', async () => {
    mockFetch({ '/api/search/suggest': suggestions });
    const onClose = vi.fn();
    const { currentLocation } = renderWithProviders(<SearchBar onClose={onClose} />, { path: '/' });
    type('snek');
    const input = screen.getByRole('combobox');
    await screen.findAllByRole('option', {}, { timeout: 2000 });

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    let options = screen.getAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    options = screen.getAllByRole('option');
    // Wraps from the first to the last.
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(currentLocation()).toBe('/product/p1');
    expect(onClose).toHaveBeenCalled();
  });

  it('submits the text to /search?q= when Enter is pressed with nothing highlighted', async () => {
    mockFetch({ '/api/search/suggest': suggestions });
    const { currentLocation } = renderWithProviders(<SearchBar onClose={() => {}} />, { path: '/' });
    type('shoe');
    await screen.findAllByRole('option', {}, { timeout: 2000 });
    fireEvent.submit(screen.getByRole('search'));
    expect(currentLocation()).toBe('/search?q=shoe');
  });

  it('opens a product on click', async () => {
    mockFetch({ '/api/search/suggest': suggestions });
    const { currentLocation } = renderWithProviders(<SearchBar onClose={() => {}} />, { path: '/' });
    type('lagos');
    fireEvent.click(await screen.findByRole('option', { name: /Lagos Runner/ }, { timeout: 2000 }));
    expect(currentLocation()).toBe('/product/p2');
  });

  it('says No products found for no match and for a failed request', async () => {
    let answer = () => jsonResponse([]);
    mockFetch({ '/api/search/suggest': () => answer() });
    renderWithProviders(<SearchBar onClose={() => {}} />);
    type('zzzz');
    expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toBe('No products found');
    expect(screen.queryByRole('listbox')).toBeNull();
    answer = () => jsonResponse({ error: 'internal', message: 'boom' }, 500);
    type('qqqq');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No products found'), { timeout: 2000 });
  });

  it('Escape closes the suggestions first, then the bar', async () => {
    mockFetch({ '/api/search/suggest': suggestions });
    const onClose = vi.fn();
    renderWithProviders(<SearchBar onClose={onClose} />);
    type('snek');
    await screen.findAllByRole('option', {}, { timeout: 2000 });
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
