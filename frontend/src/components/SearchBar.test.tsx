import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchBar } from './SearchBar';
import { Header } from './Header';
import { renderWithProviders } from '@/test/utils';

describe('SearchBar', () => {
  it('does nothing on an empty or blank submit', () => {
    const onClose = vi.fn();
    const { memory, currentLocation } = renderWithProviders(<SearchBar onClose={onClose} />, { path: '/' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit search' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(memory.history).toEqual(['/']);
    expect(currentLocation()).toBe('/');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('navigates to /search?q= with the trimmed, encoded query and closes', () => {
    const onClose = vi.fn();
    const { currentLocation } = renderWithProviders(<SearchBar onClose={onClose} />, { path: '/about' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products' }), { target: { value: '  black & tan shoes ' } });
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
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search products' }));
    fireEvent.pointerDown(screen.getByRole('searchbox'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('opens from the header search button and closes with the close button', () => {
    const menuButtonRef = { current: null };
    renderWithProviders(<Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={menuButtonRef} />);
    expect(screen.queryByRole('search')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('search')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('search')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
  });
});
