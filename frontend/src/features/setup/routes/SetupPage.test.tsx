import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SetupPage, { AFTER_SETUP, OPENING, SETUP_DONE_ALREADY } from './SetupPage';
import { admin, jsonResponse, mockFetch, renderWithProviders, sessionOf } from '@/test/utils';

const restart = vi.hoisted(() => ({ waitForRestart: vi.fn(async () => true), reloadInto: vi.fn() }));
vi.mock('@/lib/restart', () => restart);

const open = { publicUrl: 'http://127.0.0.1:8080', paystackSetOnServer: false };

function type(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillIn() {
  type('Setup code', 'abcd efgh jk23');
  type('Shop name', 'Adire House');
  type('Your name', 'Ngozi Okafor');
  type('Your e-mail', 'ngozi@example.com');
  type('Password', 'owner-pass-1');
}

describe('the first-run setup', () => {
  beforeEach(() => {
    restart.waitForRestart.mockClear();
    restart.reloadInto.mockClear();
  });

  it('sends the answers with the code and the keys, then waits for the restart and opens the back office', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/setup': open,
      'POST /api/setup': (_url, init) => {
        sent.push(JSON.parse(init?.body as string) as unknown);
        return jsonResponse(sessionOf(admin));
      },
    });
    renderWithProviders(<SetupPage />);
    await screen.findByLabelText('Setup code');
    expect(screen.getByRole('heading', { name: 'Set up your shop' })).toBeTruthy();
    expect(screen.getByText('http://127.0.0.1:8080')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /your own domain with HTTPS/ })).toBeTruthy();
    fillIn();
    fireEvent.click(screen.getByLabelText(/The demo catalogue/));
    fireEvent.click(screen.getByLabelText(/My Paystack keys/));
    type('Public key', 'pk_test_1');
    type('Secret key', 'sk_test_2');
    fireEvent.click(screen.getByRole('button', { name: 'Open my shop' }));
    expect(await screen.findAllByText(OPENING)).not.toHaveLength(0);
    expect(sent).toEqual([
      {
        code: 'abcd efgh jk23',
        shopName: 'Adire House',
        ownerName: 'Ngozi Okafor',
        email: 'ngozi@example.com',
        password: 'owner-pass-1',
        catalogue: 'demo',
        paystack: { publicKey: 'pk_test_1', secretKey: 'sk_test_2' },
      },
    ]);
    await vi.waitFor(() => expect(restart.reloadInto).toHaveBeenCalledWith(AFTER_SETUP));
  });

  it("shows the server's reason (a wrong code, a refused key) and keeps the answers", async () => {
    mockFetch({
      'GET /api/setup': open,
      'POST /api/setup': () =>
        jsonResponse({ error: 'forbidden', message: 'That is not the setup code. Run: ankara setup-code' }, 403),
    });
    renderWithProviders(<SetupPage />);
    await screen.findByLabelText('Setup code');
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Open my shop' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That is not the setup code. Run: ankara setup-code');
    expect(screen.getByLabelText<HTMLInputElement>('Shop name').value).toBe('Adire House');
    expect(restart.reloadInto).not.toHaveBeenCalled();
  });

  it('sends no keys for the test payments and asks for none when the server has them', async () => {
    const sent: Array<{ paystack: unknown }> = [];
    mockFetch({
      'GET /api/setup': { ...open, paystackSetOnServer: true },
      'POST /api/setup': (_url, init) => {
        sent.push(JSON.parse(init?.body as string) as { paystack: unknown });
        return jsonResponse(sessionOf(admin));
      },
    });
    renderWithProviders(<SetupPage />);
    await screen.findByLabelText('Setup code');
    expect(screen.queryByLabelText(/My Paystack keys/)).toBeNull();
    expect(screen.getByText(/keys are set on the server/)).toBeTruthy();
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Open my shop' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.paystack).toBeNull();
  });

  it('says the shop is set up already once it has an owner', async () => {
    mockFetch({}); // GET /api/setup answers 404.
    renderWithProviders(<SetupPage />);
    expect(await screen.findByRole('heading', { name: SETUP_DONE_ALREADY })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByLabelText('Setup code')).toBeNull();
  });
});
