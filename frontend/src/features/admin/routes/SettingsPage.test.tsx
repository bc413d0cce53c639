import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SettingsPage from './SettingsPage';
import { Sidebar } from '@/components/Sidebar';
import type { ShopSettings, ShopSettingsChange } from '@/lib/types';
import { shopSettings } from '@/test/fixtures';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

// GET lists both currencies abroad, off, until the merchant sets them.
const DEFAULTS: ShopSettings = shopSettings({
  currencies: [
    { currency: 'USD', enabled: false, rate: 160_000, rounding: 'ninetyNine' },
    { currency: 'GBP', enabled: false, rate: 200_000, rounding: 'ninetyNine' },
  ],
});

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

  it('Prices abroad: each currency on or off, its rate in naira, its rounding with an example', async () => {
    server();
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Prices abroad' });
    const usd = within(section).getByRole('group', { name: 'US dollar (USD)' });
    const gbp = within(section).getByRole('group', { name: 'British pound (GBP)' });
    expect(within(usd).getByRole<HTMLInputElement>('checkbox', { name: 'Sell in dollars ($)' }).checked).toBe(false);
    expect(within(gbp).getByRole<HTMLInputElement>('checkbox', { name: 'Sell in pounds (£)' }).checked).toBe(false);
    const rate = within(usd).getByLabelText<HTMLInputElement>('Naira per US dollar (₦)');
    expect(rate.value).toBe('1600');
    expect(rate.getAttribute('inputmode')).toBe('decimal');
    expect(within(gbp).getByLabelText<HTMLInputElement>('Naira per British pound (₦)').value).toBe('2000');
    const rounding = within(usd).getByRole('group', { name: 'Rounding' });
    expect(
      within(rounding)
        .getAllByRole<HTMLInputElement>('radio')
        .map((r) => `${r.closest('label')!.textContent.trim()}${r.checked ? ' ✓' : ''}`),
    ).toEqual(['To the cent', 'To .99 ✓', 'To a whole unit']);
    // The example follows the rate and the rule as they are typed, and describes the choice.
    expect(document.getElementById(rounding.getAttribute('aria-describedby')!)?.textContent).toBe(
      '₦25,000.00 becomes $15.99.',
    );
    fireEvent.click(within(rounding).getByRole('radio', { name: 'To the cent' }));
    expect(within(usd).getByText('₦25,000.00 becomes $15.63.')).toBeTruthy();
    fireEvent.change(rate, { target: { value: '1,250' } });
    expect(within(usd).getByText('₦25,000.00 becomes $20.00.')).toBeTruthy();
    fireEvent.change(rate, { target: { value: '' } });
    expect(within(usd).getByText('Type a rate to see what ₦25,000.00 becomes.')).toBeTruthy();
    expect(within(gbp).getByText('₦25,000.00 becomes £12.99.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Delivery screen' }).getAttribute('href')).toBe('/admin/delivery');
  });

  it('saves the currencies abroad together, the rate in kobo, through the same PATCH', async () => {
    const { sent } = server();
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Prices abroad' });
    const gbp = within(section).getByRole('group', { name: 'British pound (GBP)' });
    fireEvent.click(within(gbp).getByRole('checkbox', { name: 'Sell in pounds (£)' }));
    fireEvent.change(within(gbp).getByLabelText('Naira per British pound (₦)'), { target: { value: '2,105.50' } });
    fireEvent.click(within(gbp).getByRole('radio', { name: 'To a whole unit' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Settings saved.');
    expect(sent).toEqual([
      {
        currencies: [
          { currency: 'USD', enabled: false, rate: 160_000, rounding: 'ninetyNine' },
          { currency: 'GBP', enabled: true, rate: 210_550, rounding: 'whole' },
        ],
      },
    ]);
    expect(within(gbp).getByLabelText<HTMLInputElement>('Naira per British pound (₦)').value).toBe('2105.50');
    expect(screen.getByText('No changes')).toBeTruthy();
  });

  it('refuses a rate that is not an amount before asking the server, focusing it', async () => {
    const { sent } = server();
    renderSettings();
    const usd = within(await screen.findByRole('region', { name: 'Prices abroad' })).getByRole('group', {
      name: 'US dollar (USD)',
    });
    const rate = within(usd).getByLabelText<HTMLInputElement>('Naira per US dollar (₦)');
    fireEvent.change(rate, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The rate for USD must be more than ₦0.00.');
    expect(document.activeElement).toBe(rate);
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
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
