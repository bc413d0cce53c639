import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PagesPage, { MAX_BODY_BYTES } from './PagesPage';
import type { ShopPage } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const RETURNS: ShopPage = {
  slug: 'returns',
  title: 'Returns & Exchanges',
  description: 'Within 7 days.',
  body: 'Return within **7 days**.',
  html: '<p>Return within <strong>7 days</strong>.</p>\n',
  inFooter: true,
  updatedAt: 1,
};

function server(refusal?: string) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = (method: string) => (url: URL, init?: RequestInit) => {
    const body: unknown = init?.body ? JSON.parse(init.body as string) : null;
    sent.push({ method, path: url.pathname, body });
    if (refusal) return jsonResponse({ error: 'validation', message: refusal }, 400);
    if (url.pathname.endsWith('/preview')) return jsonResponse({ html: '<h2>Hello</h2>' });
    return jsonResponse({ ...RETURNS, ...(body as object), slug: 'returns' }, method === 'POST' ? 201 : 200);
  };
  mockFetch({
    'GET /api/admin/pages': [RETURNS],
    'POST /api/admin/pages/preview': record('POST'),
    'POST /api/admin/pages': record('POST'),
    'PUT /api/admin/pages/returns': record('PUT'),
  });
  return sent;
}

const renderPage = () => renderWithProviders(<PagesPage />, { path: '/admin/pages', session: { user: admin } });

describe('Pages screen', () => {
  it('lists the pages with their addresses and edits one, previewing it as the server renders it', async () => {
    const sent = server();
    renderPage();
    expect((await screen.findByRole('link', { name: '/pages/returns' })).getAttribute('href')).toBe('/pages/returns');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Returns & Exchanges' }));
    const body = screen.getByLabelText<HTMLTextAreaElement>('Text (Markdown)');
    expect(body.value).toBe('Return within **7 days**.');
    fireEvent.change(body, { target: { value: '# Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = (await screen.findByRole('heading', { name: 'Preview' })).parentElement!;
    expect(within(preview).getByRole('heading', { level: 2, name: 'Hello' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Saved. The page is at /pages/returns.')).toBeTruthy();
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/admin/pages/preview',
      'PUT /api/admin/pages/returns',
    ]);
    expect(sent[1]!.body).toEqual({
      title: 'Returns & Exchanges',
      description: 'Within 7 days.',
      body: '# Hello',
      inFooter: true,
    });
  });

  it("refuses a page without a title or over the size cap before sending, and shows the server's refusal", async () => {
    const sent = server('Pages are written in Markdown: HTML such as "<script>" is not allowed.');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New page' }));
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the page a title.');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Big' } });
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: 'a'.repeat(MAX_BODY_BYTES + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect((await screen.findByRole('alert')).textContent).toContain('at most 100 KB of Markdown');
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: '<script>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect((await screen.findByRole('alert')).textContent).toContain('HTML such as');
  });

  it('keeps the new page open with its notice once saved at its new address', async () => {
    const sent = server();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New page' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Returns' } });
    fireEvent.change(screen.getByLabelText('Text (Markdown)'), { target: { value: 'Seven days.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('Saved. The page is at /pages/returns.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Returns');
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/admin/pages']);
  });
});
