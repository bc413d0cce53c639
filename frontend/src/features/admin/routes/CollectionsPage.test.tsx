import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CollectionsPage from './CollectionsPage';
import type { Collection } from '@/lib/types';
import { collection } from '@/test/fixtures';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const LIST: Collection[] = [
  collection({ id: 'suits', name: 'Suits' }),
  collection({ id: 'bags', name: 'Bags' }),
  collection({ id: 'gowns', name: 'Gowns', hidden: true }),
];

/** The server: the list, and every write it is sent (answered as `answers` says). */
function server(answers: Record<string, unknown> = {}) {
  const sent: string[] = [];
  const fetch = mockFetch({
    'GET /api/collections': LIST,
    'PUT /api/admin/collections/order': (_url, init) => {
      sent.push(`order ${init!.body as string}`);
      return jsonResponse(LIST);
    },
    'PUT /api/collections/gowns/hidden': (_url, init) => {
      sent.push(`hidden ${init!.body as string}`);
      return jsonResponse({ ...LIST[2], hidden: false });
    },
    'DELETE /api/collections/suits': (url) => {
      sent.push(`delete ${url.search}`);
      return url.search
        ? jsonResponse({ message: 'Suits deleted.' })
        : jsonResponse(
            answers.refusal ?? {
              error: 'conflict',
              message: 'Suits still holds 3 products. Move them to another collection first.',
            },
            409,
          );
    },
  });
  return { fetch, sent };
}

const renderPage = () =>
  renderWithProviders(<CollectionsPage />, { path: '/admin/collections', session: { user: admin } });

describe('Collections screen', () => {
  it('lists the collections in menu order with their addresses and marks hidden ones', async () => {
    server();
    renderPage();
    const list = (await screen.findByRole('heading', { name: 'In the menus' })).parentElement!;
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/collections/suits',
      '/collections/bags',
      '/collections/gowns',
    ]);
    expect(within(rows[2]!).getByText('Hidden')).toBeTruthy();
    expect(within(rows[2]!).getByRole<HTMLInputElement>('checkbox', { name: 'In menus' }).checked).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Suits up' }).disabled).toBe(true);
  });

  it('moves a collection down and shows a hidden one in the menus again', async () => {
    const { sent } = server();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Move Suits down' }));
    expect(await screen.findByText('Order saved.')).toBeTruthy();
    const row = screen.getByRole('button', { name: 'Move Gowns up' }).closest('li')!;
    fireEvent.click(within(row).getByRole('checkbox', { name: 'In menus' }));
    expect(await screen.findByText('Gowns is in the menus.')).toBeTruthy();
    expect(sent).toEqual(['order {"ids":["bags","suits","gowns"]}', 'hidden {"hidden":false}']);
  });

  it("shows the server's refusal with the count, then deletes after a move is chosen", async () => {
    const { sent } = server();
    renderPage();
    const row = (await screen.findByRole('button', { name: 'Move Suits up' })).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete…' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Suits' }));
    expect((await within(row).findByRole('alert')).textContent).toContain('3 products');
    fireEvent.change(within(row).getByLabelText('Move its products, releases and discount codes to'), {
      target: { value: 'bags' },
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Suits' }));
    await waitFor(() => expect(screen.getByText('Suits deleted.')).toBeTruthy());
    expect(sent).toEqual(['delete ', 'delete ?moveTo=bags']);
  });
});
