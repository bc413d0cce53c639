import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RELEASE_INTERVAL_MS, ReleaseCarousel } from './ReleaseCarousel';
import { ReleaseShowcase } from './ReleaseShowcase';
import { release } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const shownName = () => screen.getByRole('heading', { level: 3 }).textContent;

describe('ReleaseShowcase', () => {
  it('says "No releases available" when there are none', async () => {
    mockFetch({ '/api/releases': [] });
    renderWithProviders(<ReleaseShowcase />);
    expect(await screen.findByText('No releases available')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New Releases' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next release' })).toBeNull();
  });

  it('says "Error loading releases." when the fetch fails', async () => {
    mockFetch({ '/api/releases': () => jsonResponse({ error: 'internal', message: 'boom' }, 500) });
    renderWithProviders(<ReleaseShowcase />);
    expect(await screen.findByText('Error loading releases.')).toBeTruthy();
  });

  it('shows the newest release with its price and links', async () => {
    mockFetch({ '/api/releases': [release(1), release(2)] });
    renderWithProviders(<ReleaseShowcase />);
    expect(await screen.findByRole('heading', { name: 'Release 1' })).toBeTruthy();
    expect(screen.getByText('₦10,000.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/product/product-1');
    expect(screen.getByRole('link', { name: 'Explore Collection' }).getAttribute('href')).toBe('/collections/suits');
  });
});

describe('ReleaseCarousel', () => {
  const releases = [release(1), release(2), release(3)];

  it('wraps both ways with the arrows', () => {
    renderWithProviders(<ReleaseCarousel releases={releases} />);
    expect(shownName()).toBe('Release 1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous release' }));
    expect(shownName()).toBe('Release 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next release' }));
    expect(shownName()).toBe('Release 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next release' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next release' }));
    expect(shownName()).toBe('Release 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next release' }));
    expect(shownName()).toBe('Release 1');
  });

  it('jumps with the dots', () => {
    renderWithProviders(<ReleaseCarousel releases={releases} />);
    fireEvent.click(screen.getByRole('button', { name: 'Go to release 2' }));
    expect(shownName()).toBe('Release 2');
    expect(screen.getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/product/product-2');
  });

  it('auto-advances every 5 s and wraps around', () => {
    vi.useFakeTimers();
    renderWithProviders(<ReleaseCarousel releases={releases} />);
    act(() => void vi.advanceTimersByTime(RELEASE_INTERVAL_MS));
    expect(shownName()).toBe('Release 2');
    act(() => void vi.advanceTimersByTime(RELEASE_INTERVAL_MS));
    expect(shownName()).toBe('Release 3');
    act(() => void vi.advanceTimersByTime(RELEASE_INTERVAL_MS));
    expect(shownName()).toBe('Release 1');
  });

  it('does not auto-advance or show arrows with a single release', () => {
    vi.useFakeTimers();
    renderWithProviders(<ReleaseCarousel releases={[release(1)]} />);
    act(() => void vi.advanceTimersByTime(RELEASE_INTERVAL_MS * 3));
    expect(shownName()).toBe('Release 1');
    expect(screen.queryByRole('button', { name: 'Previous release' })).toBeNull();
  });
});
