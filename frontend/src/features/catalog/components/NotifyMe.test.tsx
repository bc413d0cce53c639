import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotifyMe } from './NotifyMe';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import type { Product } from '@/lib/types';
import type { VariantChoice } from '@/lib/variants';

const variant = (size: string, available: number) => ({
  id: `v${size}`,
  size,
  color: 'Black',
  available,
  low: false,
  sku: null,
});

function product(available: Record<string, number>): Product {
  return {
    id: 'oxford',
    name: 'Oxford Cap-Toe',
    sizes: Object.keys(available),
    colors: ['Black'],
    variants: Object.entries(available).map(([size, n]) => variant(size, n)),
  } as unknown as Product;
}

const choice = (p: Product, size: string | null): VariantChoice =>
  ({
    size,
    color: 'Black',
    variant: p.variants.find((v) => v.size === size),
    missing: { size: !size, color: false },
  }) as unknown as VariantChoice;

describe('Notify me', () => {
  it('offers the form for the sold-out size chosen and sends the address and variant', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'POST /api/products/oxford/notify': (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return jsonResponse({ message: "We'll e-mail ada@example.com when it's back.", created: true }, 201);
      },
    });
    const p = product({ '41': 0, '42': 3 });
    renderWithProviders(<NotifyMe product={p} choice={choice(p, '41')} />);
    expect(screen.getByRole('heading', { name: "E-mail me when it's back" })).toBeTruthy();
    expect(screen.getByText('Sold out: 41, Black')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    fireEvent.change(screen.getByLabelText('Your e-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('status')).textContent).toBe("We'll e-mail ada@example.com when it's back.");
    expect(sent).toEqual([{ email: 'ada@example.com', size: '41', color: 'Black' }]);
  });

  it('stays behind a button while the chosen size is in stock, and is absent when nothing is sold out', () => {
    const p = product({ '41': 0, '42': 3 });
    const { unmount } = renderWithProviders(<NotifyMe product={p} choice={choice(p, '42')} />);
    fireEvent.click(screen.getByRole('button', { name: /Sold out in your size/ }));
    expect(screen.getByRole('heading', { name: "E-mail me when it's back" })).toBeTruthy();
    unmount();
    const all = product({ '41': 2, '42': 3 });
    renderWithProviders(<NotifyMe product={all} choice={choice(all, null)} />);
    expect(screen.queryByText(/Sold out in your size/)).toBeNull();
  });
});
