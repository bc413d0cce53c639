import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_FAILED, LINK_COPIED, productUrl, ShareActions } from './ShareActions';
import { embedShop } from '@/test/shop';

const product = { id: 'adire dress', name: 'Adire Dress' };
const url = `${window.location.origin}/product/adire%20dress`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ShareActions', () => {
  it('asks on WhatsApp with the product, the chosen size and colour and its address', () => {
    embedShop({ whatsapp: '2348035550100' });
    render(<ShareActions product={product} choice={{ size: 'M', color: 'Indigo' }} />);
    const link = screen.getByRole('link', { name: 'Ask on WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/2348035550100');
    expect(href.searchParams.get('text')).toBe(
      `Hello! I'd like to ask about Adire Dress (size M, colour Indigo): ${url}`,
    );
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('has no WhatsApp link when the shop has no number', () => {
    embedShop({ whatsapp: null });
    render(<ShareActions product={product} choice={{}} />);
    expect(screen.queryByRole('link', { name: 'Ask on WhatsApp' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('shares through the phone when it can', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    render(<ShareActions product={product} choice={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await vi.waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Adire Dress', url }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('copies the link elsewhere, and says when it cannot', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    const { unmount } = render(<ShareActions product={product} choice={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(LINK_COPIED)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(url);
    unmount();

    vi.stubGlobal('navigator', {
      ...navigator,
      share: undefined,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('no'))) },
    });
    render(<ShareActions product={product} choice={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText(COPY_FAILED)).toBeTruthy();
  });

  it('builds the product address', () => {
    expect(productUrl('a/b', 'https://shop.ng')).toBe('https://shop.ng/product/a%2Fb');
  });
});
