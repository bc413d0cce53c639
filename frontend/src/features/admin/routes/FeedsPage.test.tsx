import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FeedsPage, { AUDIENCE_SAVED, CONFIRM_ROTATE, ROTATED } from './FeedsPage';
import { Sidebar } from '@/components/Sidebar';
import type { FeedsView } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

const addresses = (token: string): FeedsView['feeds'] => [
  {
    channel: 'meta',
    name: 'Meta: Instagram and Facebook shops',
    format: 'CSV',
    url: `https://shop.test/feeds/${token}/meta.csv`,
  },
  {
    channel: 'google',
    name: "Google Merchant Center (and TikTok's catalogue)",
    format: 'XML (RSS 2.0)',
    url: `https://shop.test/feeds/${token}/google.xml`,
  },
];

const VIEW: FeedsView = {
  feeds: addresses('a'.repeat(32)),
  items: 2400,
  rejected: [
    { productId: 'bare', name: 'Bare Gown', items: 3, reasons: ['No picture: both channels need one.'] },
    {
      productId: 'free',
      name: 'Free Scarf',
      items: 1,
      reasons: ['No price: a free item is refused.', 'Description empty: both channels need one.'],
    },
  ],
  gender: 'unisex',
  ageGroup: 'adult',
  collections: [
    { id: 'gowns', name: 'Gowns', gender: 'female', ageGroup: null },
    { id: 'suits', name: 'Suits', gender: null, ageGroup: null },
  ],
  builtAt: 1_700_000_000_000,
};

function server() {
  const saved: unknown[] = [];
  let rotations = 0;
  const fetch = mockFetch({
    'GET /api/admin/feeds': VIEW,
    'POST /api/admin/feeds/rotate': () => {
      rotations += 1;
      return jsonResponse({ ...VIEW, feeds: addresses('b'.repeat(32)) });
    },
    'PUT /api/admin/feeds/settings': (_url, init) => {
      const body = JSON.parse(init!.body as string) as Pick<FeedsView, 'gender' | 'ageGroup' | 'collections'>;
      saved.push(body);
      return jsonResponse({ ...VIEW, ...body });
    },
  });
  return { fetch, saved, rotations: () => rotations };
}

const renderPage = () => renderWithProviders(<FeedsPage />, { path: '/admin/feeds', session: { user: admin } });

afterEach(() => vi.restoreAllMocks());

describe('Feeds screen', () => {
  it("shows each feed's address with its item count, and the products left out with why", async () => {
    server();
    renderPage();
    const meta = await screen.findByLabelText<HTMLInputElement>('Meta: Instagram and Facebook shops');
    expect(meta.value).toBe(`https://shop.test/feeds/${'a'.repeat(32)}/meta.csv`);
    expect(meta.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>("Google Merchant Center (and TikTok's catalogue)").value).toMatch(
      /\/google\.xml$/,
    );
    expect(screen.getByText('2,400 items in each feed')).toBeTruthy();
    expect(screen.getByText('CSV, 2,400 items')).toBeTruthy();
    expect(screen.getByText(/2 products \(4 items\) would be refused/)).toBeTruthy();
    const free = screen.getByRole('link', { name: 'Free Scarf' }).closest('li')!;
    expect(free.textContent).toContain('No price: a free item is refused.');
    expect(free.textContent).toContain('Description empty');
    expect(screen.getByRole('link', { name: 'Bare Gown' }).getAttribute('href')).toBe('/product/bare');
  });

  it('copies an address', async () => {
    server();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the Google address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`https://shop.test/feeds/${'a'.repeat(32)}/google.xml`));
    expect(await screen.findByText('The address is copied.')).toBeTruthy();
  });

  it('rotates the addresses only once the merchant confirms', async () => {
    const { rotations } = server();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage();
    const rotate = await screen.findByRole('button', { name: 'Rotate address' });
    fireEvent.click(rotate);
    expect(confirm).toHaveBeenCalledWith(CONFIRM_ROTATE);
    expect(rotations()).toBe(0);
    fireEvent.click(rotate);
    expect(await screen.findByText(ROTATED)).toBeTruthy();
    expect(rotations()).toBe(1);
    expect(screen.getByLabelText<HTMLInputElement>('Meta: Instagram and Facebook shops').value).toBe(
      `https://shop.test/feeds/${'b'.repeat(32)}/meta.csv`,
    );
  });

  it("saves the shop's gender and age group and a collection's own", async () => {
    const { saved } = server();
    renderPage();
    const suitsGender = await screen.findByLabelText<HTMLSelectElement>('Suits: gender');
    expect(suitsGender.value).toBe('');
    expect(within(suitsGender).getByRole('option', { name: 'Shop’s (Everyone (unisex))' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Gowns: gender').value).toBe('female');
    fireEvent.change(suitsGender, { target: { value: 'male' } });
    fireEvent.change(screen.getByLabelText('Shop’s age group'), { target: { value: 'kids' } });
    fireEvent.change(screen.getByLabelText('Gowns: gender'), { target: { value: '' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUDIENCE_SAVED)).toBeTruthy();
    expect(saved).toEqual([
      {
        gender: 'unisex',
        ageGroup: 'kids',
        collections: [
          { id: 'gowns', name: 'Gowns', gender: null, ageGroup: null },
          { id: 'suits', name: 'Suits', gender: 'male', ageGroup: null },
        ],
      },
    ]);
  });

  it('is in the menu of owners and managers, not packers', () => {
    const props = { open: true, onClose: () => undefined, returnFocusRef: { current: null } };
    for (const [user, shown] of [
      [admin, true],
      [staffUser('manager'), true],
      [staffUser('packer'), false],
    ] as const) {
      const { unmount } = renderWithProviders(<Sidebar {...props} />, { session: { user } });
      const link = screen.queryByRole('link', { name: /^Feeds$/ });
      expect(Boolean(link), user.role ?? '').toBe(shown);
      if (link) expect(link.getAttribute('href')).toBe('/admin/feeds');
      unmount();
    }
  });
});
