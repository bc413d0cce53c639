import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BrandPage from './BrandPage';
import { DRAFT_SAVED, PUBLISHED } from '../components/DraftActions';
import type { BrandView, Identity } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const DEMO: Identity = {
  name: 'Ankara',
  description: 'Formal shoes, delivered across Nigeria.',
  primaryColour: '#c2410c',
  headerColour: '#1b1f3b',
  fonts: 'classic',
  phone: '',
  whatsapp: '',
  email: '',
  address: '',
  hours: '',
  instagram: 'https://instagram.com/ankara',
  facebook: '',
  x: '',
  tiktok: '',
};

/** The server: drafts, publishes; refuses a draft with `refuse` when given. */
function server(refuse?: string) {
  const sent: Identity[] = [];
  let view: BrandView = {
    draft: { ...DEMO, logo: null },
    published: { ...DEMO, logo: null },
    unpublishedChanges: false,
    canRevert: false,
  };
  const fetch = mockFetch({
    'GET /api/admin/brand': () => jsonResponse(view),
    'PUT /api/admin/brand': (_url, init) => {
      const draft = JSON.parse(init!.body as string) as Identity;
      sent.push(draft);
      if (refuse) return jsonResponse({ error: 'validation', message: refuse }, 400);
      view = { ...view, draft: { ...draft, logo: null }, unpublishedChanges: true };
      return jsonResponse(view);
    },
    'POST /api/admin/brand/publish': () => {
      view = { ...view, published: view.draft, unpublishedChanges: false, canRevert: true };
      return jsonResponse(view);
    },
  });
  return { fetch, sent };
}

const renderBrand = () => renderWithProviders(<BrandPage />, { path: '/admin/brand', session: { user: admin } });

describe('Shop identity screen', () => {
  it('saves a draft, then publishes it in one step', async () => {
    const { sent } = server();
    renderBrand();
    fireEvent.change(await screen.findByLabelText('Shop name'), { target: { value: "Funke's Closet" } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(DRAFT_SAVED)).toBeTruthy();
    expect(sent[0]?.name).toBe("Funke's Closet");
    const publish = screen.getByRole<HTMLButtonElement>('button', { name: 'Publish' });
    await waitFor(() => expect(publish.disabled).toBe(false));
    fireEvent.click(publish);
    expect(await screen.findByText(PUBLISHED)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Revert to previous' }).disabled).toBe(false);
  });

  it('measures contrast as a colour is typed and names the failing pair', async () => {
    server();
    renderBrand();
    const action = await screen.findByLabelText('Action colour (buttons and links)');
    expect(screen.getAllByText(/passes WCAG AA/).length).toBeGreaterThan(0);
    fireEvent.change(action, { target: { value: '#f2a541' } });
    expect(screen.getByText(/White text on it: 2\.\d:1 — fails WCAG AA/)).toBeTruthy();
    expect(action.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(action, { target: { value: 'teal' } });
    expect(screen.getByText('Not a colour: write it as #rrggbb.')).toBeTruthy();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    server('The Instagram link must be an https:// address on instagram.com, like https://instagram.com/yourshop.');
    renderBrand();
    fireEvent.change(await screen.findByLabelText(/^Instagram/), { target: { value: 'http://instagram.com/funke' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByText(/Instagram link must be an https/);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Instagram/).value).toBe('http://instagram.com/funke');
  });
});
