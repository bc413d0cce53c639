import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import KeysPage, { KEYS_SAVED, WELCOME } from './KeysPage';
import type { KeysView } from '../api/keys';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

vi.mock('@/lib/restart', () => ({ waitForRestart: vi.fn(async () => true), reloadInto: vi.fn() }));

const view: KeysView = {
  version: '0.1.0',
  paystack: {
    mode: 'test',
    publicKey: 'pk_test_abc',
    secretKey: 'sk_test_••••••••4567',
    source: 'shop',
    webhookUrl: 'https://adire.example.com/api/payments/webhook',
  },
  publicUrl: { value: 'https://adire.example.com', source: 'server', variable: 'ANKARA_PUBLIC_URL' },
  smtpUrl: { value: 'smtps://shop:••••••••@smtp.example.com:465', source: 'shop', variable: 'ANKARA_SMTP_URL' },
  shopEmail: { value: 'ngozi@example.com', source: 'shop', variable: 'ANKARA_SHOP_EMAIL' },
  sms: { mode: 'sandbox', key: null, sender: 'Ankara', source: 'default', variable: 'ANKARA_TERMII_API_KEY' },
  whatsappCloud: { mode: 'sandbox', key: null, sender: null, source: 'default', variable: 'ANKARA_WHATSAPP_TOKEN' },
  courier: { mode: 'sandbox', key: null, sender: null, source: 'default', variable: 'ANKARA_SHIPBUBBLE_API_KEY' },
  courierWebhookUrl: 'https://adire.example.com/api/couriers/webhook',
};

describe('keys and addresses', () => {
  it('shows the keys masked, the webhook URL to copy, the version and what the server set', async () => {
    mockFetch({ 'GET /api/admin/keys': view });
    const writeText = vi.fn(async () => undefined);
    // A getter where an earlier test file installed one (the files share their globals).
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<KeysPage />, { session: { user: admin }, path: '/admin/keys?welcome=1' });
    expect(await screen.findByText('sk_test_••••••••4567')).toBeTruthy();
    expect(screen.getByText('Paystack test mode')).toBeTruthy();
    expect(screen.getByText('Ankara version 0.1.0')).toBeTruthy();
    expect(screen.getByText(WELCOME)).toBeTruthy();
    const publicUrl = screen.getByLabelText<HTMLInputElement>('Public URL');
    expect(publicUrl.readOnly).toBe(true);
    expect(screen.getByText('ANKARA_PUBLIC_URL')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('https://adire.example.com/api/payments/webhook'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it("saves keys after Paystack's check and shows a refusal in Paystack's words", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    mockFetch({
      'GET /api/admin/keys': view,
      'PUT /api/admin/keys/paystack': (_url, init) => {
        sent.push(JSON.parse(init?.body as string) as unknown);
        return refuse
          ? jsonResponse({ error: 'validation', message: 'Paystack refused this secret key: it was revoked.' }, 400)
          : jsonResponse({ ...view, paystack: { ...view.paystack, mode: 'live' } });
      },
    });
    renderWithProviders(<KeysPage />, { session: { user: admin } });
    fireEvent.change(await screen.findByLabelText('New public key'), { target: { value: 'pk_live_1' } });
    fireEvent.change(screen.getByLabelText('New secret key'), { target: { value: 'sk_live_2' } });
    const card = screen.getByRole('region', { name: 'Paystack' });
    fireEvent.click(within(card).getByRole('button', { name: 'Check and save the keys' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Paystack refused this secret key');
    refuse = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Check and save the keys' }));
    expect(await within(card).findByText(KEYS_SAVED)).toBeTruthy();
    expect(screen.getByText('Paystack live')).toBeTruthy();
    expect(sent).toEqual([
      { publicKey: 'pk_live_1', secretKey: 'sk_live_2' },
      { publicKey: 'pk_live_1', secretKey: 'sk_live_2' },
    ]);
  });

  it('sends only the addresses that changed, and a test mail through the server being typed', async () => {
    const saved: unknown[] = [];
    const mailed: unknown[] = [];
    mockFetch({
      'GET /api/admin/keys': view,
      'PUT /api/admin/keys/addresses': (_url, init) => {
        saved.push(JSON.parse(init?.body as string) as unknown);
        return jsonResponse(view);
      },
      'POST /api/admin/keys/test-mail': (_url, init) => {
        mailed.push(JSON.parse(init?.body as string) as unknown);
        return jsonResponse({ to: 'ngozi@example.com' });
      },
    });
    renderWithProviders(<KeysPage />, { session: { user: admin } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test mail' }));
    expect(await screen.findByText('A test mail was sent to ngozi@example.com.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Mail server/), {
      target: { value: 'smtps://new:pw@mail.example.com:465' },
    });
    // The WhatsApp number is the shop identity's, edited there.
    expect(screen.queryByLabelText(/WhatsApp number/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Shop identity' }).getAttribute('href')).toBe('/admin/brand');
    fireEvent.click(screen.getByRole('button', { name: 'Send me a test mail' }));
    await vi.waitFor(() => expect(mailed).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Save the addresses' }));
    expect(await screen.findByText(KEYS_SAVED)).toBeTruthy();
    expect(mailed).toEqual([{ smtpUrl: null }, { smtpUrl: 'smtps://new:pw@mail.example.com:465' }]);
    expect(saved).toEqual([{ smtpUrl: 'smtps://new:pw@mail.example.com:465' }]);
  });

  it('saves the courier key and shows the webhook URL to give Shipbubble', async () => {
    const saved: unknown[] = [];
    mockFetch({
      'GET /api/admin/keys': view,
      'PUT /api/admin/keys/courier': (_url, init) => {
        saved.push(JSON.parse(init?.body as string) as unknown);
        return jsonResponse({
          ...view,
          courier: { ...view.courier, mode: 'live', key: 'sb_l••••••••9f2a', source: 'shop' },
        });
      },
    });
    renderWithProviders(<KeysPage />, { session: { user: admin } });
    const card = await screen.findByRole('region', { name: 'Couriers' });
    expect(within(card).getByLabelText<HTMLInputElement>('Courier webhook URL').value).toBe(
      'https://adire.example.com/api/couriers/webhook',
    );
    expect(within(card).getByText(/Sandbox: a test courier/)).toBeTruthy();
    fireEvent.change(within(card).getByLabelText(/Shipbubble API key/), { target: { value: 'sb_live_abc9f2a' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save the courier key' }));
    expect(await within(card).findByText(KEYS_SAVED)).toBeTruthy();
    expect(saved).toEqual([{ apiKey: 'sb_live_abc9f2a' }]);
    expect(within(card).getByText(/Live: bookings and live rates/)).toBeTruthy();
  });
});
