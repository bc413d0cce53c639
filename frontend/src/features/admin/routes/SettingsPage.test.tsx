import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SettingsPage from './SettingsPage';
import { Sidebar } from '@/components/Sidebar';
import type { ShopSettings, ShopSettingsChange } from '@/lib/types';
import { shopSettings } from '@/test/fixtures';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const DEFAULTS: ShopSettings = shopSettings();

/** The server: GET answers the settings, PATCH applies the fields sent (or answers `refuse` with 400). */
function server(refuse?: string) {
  const sent: ShopSettingsChange[] = [];
  let settings = { ...DEFAULTS };
  const fetch = mockFetch({
    'GET /api/admin/settings': () => jsonResponse(settings),
    'PATCH /api/admin/settings': (_url, init) => {
      const change = JSON.parse(init!.body as string) as ShopSettingsChange;
      sent.push(change);
      if (refuse) return jsonResponse({ error: 'validation', message: refuse }, 400);
      settings = { ...settings, ...(change as Partial<ShopSettings>) };
      return jsonResponse(settings);
    },
  });
  return { fetch, sent };
}

function renderSettings() {
  return renderWithProviders(<SettingsPage />, { path: '/admin/settings', session: { user: admin } });
}

const field = (label: string | RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('Settings screen', () => {
  it('shows the order limits in force: counts, and the largest total in naira', async () => {
    server();
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Order limits' });
    expect(within(section).getByLabelText<HTMLInputElement>('Most of one item per order').value).toBe('5');
    expect(within(section).getByLabelText<HTMLInputElement>('Most items per order').value).toBe('20');
    expect(within(section).getByLabelText<HTMLInputElement>(/^Largest order total/).value).toBe('5000000');
    expect(field('Most items per order').getAttribute('inputmode')).toBe('numeric');
    expect(field(/^Largest order total/).getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByText('No changes')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    expect(document.title).toBe('Settings — Ankara');
  });

  it('sends only the fields changed, amounts in kobo, and says "Settings saved."', async () => {
    const { sent } = server();
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Most of one item per order'), { target: { value: '3' } });
    fireEvent.change(field(/^Largest order total/), { target: { value: '1,000,000.50' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saved = await screen.findByText('Settings saved.');
    expect(saved.closest('[role="status"]')).toBeTruthy();
    expect(sent).toEqual([{ maxPerLine: 3, maxOrderTotal: 100_000_050 }]);
    // The answer is now what the form shows.
    expect(field(/^Largest order total/).value).toBe('1000000.50');
    expect(screen.getByText('No changes')).toBeTruthy();
  });

  it("shows the server's refusal as it is", async () => {
    const refusal = 'The most of one item cannot be more than the most items per order.';
    const { sent } = server(refusal);
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Most of one item per order'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(refusal)).closest('[role="alert"]')).toBeTruthy();
    expect(sent).toEqual([{ maxPerLine: 30 }]);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('says what to fix before asking the server, and focuses the field', async () => {
    const { sent } = server();
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Most items per order'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The most items per order must be a whole number.');
    expect(document.activeElement).toBe(field('Most items per order'));
    expect(field('Most items per order').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field('Most items per order'), { target: { value: '20' } });
    fireEvent.change(field(/^Largest order total/), { target: { value: '50k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The largest order total: "50k" is not a valid price: use naira with at most two decimals, like 25000.00',
      ),
    );
    expect(document.activeElement).toBe(field(/^Largest order total/));
    expect(sent).toHaveLength(0);
  });

  it('Checkout: guest checkout with what it means, the ways to pay as checkboxes, the time a transfer may take', async () => {
    server();
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Checkout' });
    const guests = within(section).getByRole<HTMLInputElement>('checkbox', {
      name: 'Let visitors buy without an account',
    });
    expect(guests.checked).toBe(false);
    expect(document.getElementById(guests.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^Visitors add to their bag and pay with their name, e-mail and phone/,
    );
    const ways = within(section).getByRole('group', { name: 'Ways to pay' });
    expect(
      within(ways)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((c) => `${c.closest('label')!.textContent}${c.checked ? ' ✓' : ''}`),
    ).toEqual(['Card ✓', 'Bank ✓', 'USSD ✓', 'Bank transfer ✓', 'QR']);
    const minutes = within(section).getByLabelText<HTMLInputElement>('Time a transfer may take (minutes)');
    expect(minutes.value).toBe('60');
    expect(minutes.min).toBe('10');
    expect(minutes.max).toBe('1440');
  });

  it('Pay on delivery: the open orders one customer may have, and where zones switch it on', async () => {
    server();
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Pay on delivery' });
    expect(within(section).getByLabelText<HTMLInputElement>('Open orders per customer').value).toBe('1');
    expect(within(section).getByRole('link', { name: 'Delivery screen' }).getAttribute('href')).toBe('/admin/delivery');
  });

  it('sends guest checkout, the channels and the new counts that changed, and shows the answer', async () => {
    const { sent } = server();
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Checkout' });
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Let visitors buy without an account' }));
    fireEvent.click(within(section).getByRole('checkbox', { name: 'Bank' }));
    fireEvent.click(within(section).getByRole('checkbox', { name: 'QR' }));
    fireEvent.change(within(section).getByLabelText('Time a transfer may take (minutes)'), { target: { value: '90' } });
    fireEvent.change(field('Open orders per customer'), { target: { value: '2' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(sent).toEqual([
      {
        guestCheckout: true,
        channels: ['card', 'ussd', 'bank_transfer', 'qr'],
        transferHoldMinutes: 90,
        payOnDeliveryOpenLimit: 2,
      },
    ]);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Let visitors buy without an account' }).checked,
    ).toBe(true);
    expect(screen.getByText('No changes')).toBeTruthy();
  });

  it('refuses no way to pay before asking the server, focusing the first box', async () => {
    const { sent } = server();
    renderSettings();
    const ways = within(await screen.findByRole('region', { name: 'Checkout' })).getByRole('group', {
      name: 'Ways to pay',
    });
    for (const box of within(ways).getAllByRole<HTMLInputElement>('checkbox')) if (box.checked) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one way to pay.');
    expect(document.activeElement).toBe(within(ways).getByRole('checkbox', { name: 'Card' }));
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal of a transfer time out of range as it is", async () => {
    const refusal = 'The time a transfer may take must be from 10 to 1440 minutes.';
    const { sent } = server(refusal);
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Time a transfer may take (minutes)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText(refusal)).closest('[role="alert"]')).toBeTruthy();
    expect(sent).toEqual([{ transferHoldMinutes: 5 }]);
  });

  it('is linked from the menu for admins only', () => {
    const props = { open: true, onClose: () => {}, returnFocusRef: { current: null } };
    const { unmount } = renderWithProviders(<Sidebar {...props} />, { session: { user: admin } });
    expect(screen.getByRole('link', { name: /Settings/ }).getAttribute('href')).toBe('/admin/settings');
    unmount();
    renderWithProviders(<Sidebar {...props} />, { session: { user: customer } });
    expect(screen.queryByRole('link', { name: /Settings/ })).toBeNull();
  });
});
