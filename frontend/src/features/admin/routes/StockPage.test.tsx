import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StockPage from './StockPage';
import { Sidebar } from '@/components/Sidebar';
import type { StockPage as StockList, StockRow } from '@/lib/types';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders, staffUser } from '@/test/utils';

function row(overrides: Partial<StockRow> = {}): StockRow {
  return {
    variantId: 'v-42-black',
    productId: 'oxford-brogue',
    productName: 'Oxford Brogue',
    size: '42',
    color: 'Black',
    sku: 'BRG-42-BLK',
    stock: 0,
    reserved: 1,
    waiting: 0,
    ...overrides,
  };
}

function page(rows: StockRow[], overrides: Partial<StockList> = {}): StockList {
  return {
    rows,
    lowStockLevel: 3,
    lowCount: 2,
    soldOutCount: 1,
    page: 1,
    pageSize: 50,
    total: rows.length,
    ...overrides,
  };
}

const lowRows = [row(), row({ variantId: 'v-41-brown', size: '41', color: 'Brown', sku: null, stock: 2, reserved: 0 })];

function renderStock(path = '/admin/stock') {
  return renderWithProviders(<StockPage />, { path, session: { user: admin } });
}

describe('Stock screen', () => {
  it('lists low stock first, with the counts on the filters, and asks for the chosen filter and search', async () => {
    const fetch = mockFetch({
      '/api/admin/stock': (url) =>
        jsonResponse(
          url.searchParams.get('q') === 'loafer'
            ? page([row({ variantId: 'v-l', productName: 'Suede Loafer', size: null, color: null, stock: 9 })])
            : page(lowRows),
        ),
    });
    const { currentLocation } = renderStock();
    const table = await screen.findByRole('table', { name: /Stock by variant/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Oxford BrogueSold out');
    expect(within(rows[0]!).getByText('BRG-42-BLK')).toBeTruthy();
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Oxford BrogueLow');
    expect(screen.getByRole('link', { name: 'Low 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Sold out 1' })).toBeTruthy();
    expect(screen.getByText('2 low (at or below 3 left), 1 sold out.')).toBeTruthy();
    expect(new URL(fetch.mock.calls[0]![0] as string, 'http://x').search).toBe('?show=low');

    fireEvent.click(screen.getByRole('link', { name: 'All' }));
    expect(currentLocation()).toBe('/admin/stock?show=all');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => (u as string) === '/api/admin/stock?show=all')).toBe(true),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search products or SKUs' }), {
      target: { value: 'loafer' },
    });
    expect(await screen.findByRole('link', { name: 'Suede Loafer' })).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => (u as string) === '/api/admin/stock?show=all&q=loafer')).toBe(true);
  });

  it('saves a stock count inline with Enter, says Saved, and moves the counts', async () => {
    const fetch = mockFetch({
      '/api/admin/stock': page(lowRows),
      'PATCH /api/admin/variants/v-42-black': row({ stock: 12 }),
    });
    renderStock();
    const input = await screen.findByLabelText<HTMLInputElement>('Stock of Oxford Brogue (42, Black)');
    expect(input.value).toBe('0');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.submit(input.closest('form')!);
    expect((await screen.findByText('Saved')).getAttribute('role')).toBe('status');
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(patch[1]!.body as string)).toEqual({ stock: 12 });
    expect(input.value).toBe('12');
    // No longer low nor sold out: both counts drop by one, the row stays in view.
    expect(screen.getByText('1 low (at or below 3 left), 0 sold out.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Oxford Brogue' })).toHaveLength(2);
  });

  it('refuses a count that is not a whole number, and shows the server refusal', async () => {
    const fetch = mockFetch({
      '/api/admin/stock': page(lowRows),
      'PATCH /api/admin/variants/v-42-black': () =>
        jsonResponse({ error: 'validation', message: 'Stock must be a whole number from 0 to 1000000.' }, 400),
    });
    renderStock();
    const input = await screen.findByLabelText('Stock of Oxford Brogue (42, Black)');
    const form = input.closest('form')!;
    fireEvent.change(input, { target: { value: '1.5' } });
    fireEvent.submit(form);
    expect(within(form).getByRole('alert').textContent).toBe('Stock must be a whole number from 0 to 1000000.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    fireEvent.change(input, { target: { value: '1000001' } });
    fireEvent.submit(input.closest('form')!);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe('Stock must be a whole number from 0 to 1000000.'),
    );
  });

  it('puts Download and Upload above the list, and pages through a long one', async () => {
    const many = Array.from({ length: 50 }, (_, i) => row({ variantId: `v-${i}`, productName: `Shoe ${i}` }));
    const fetch = mockFetch({
      '/api/admin/stock': (url) => {
        const at = Number(url.searchParams.get('page') ?? '1');
        return jsonResponse(
          page(at === 2 ? [row({ variantId: 'v-last', productName: 'Last Shoe' })] : many, { page: at, total: 51 }),
        );
      },
    });
    renderStock('/admin/stock?show=all');
    const table = await screen.findByRole('table', { name: /Stock by variant/ });
    const download = screen.getByRole('link', { name: 'Download CSV' });
    const upload = screen.getByRole('form', { name: 'Upload CSV' });
    // Both come before the table in the page, whatever its length.
    expect(download.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(upload.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      screen.getByText(/The product name and collection are there to read: the upload ignores them\./),
    ).toBeTruthy();

    const pager = screen.getByRole('navigation', { name: 'Stock pages' });
    expect(within(pager).getByText('1–50 of 51')).toBeTruthy();
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Last Shoe')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => (u as string) === '/api/admin/stock?show=all&page=2')).toBe(true);
    expect(within(screen.getByRole('navigation', { name: 'Stock pages' })).getByText('51–51 of 51')).toBeTruthy();
  });

  it('says when nothing is low', async () => {
    mockFetch({ '/api/admin/stock': page([], { lowCount: 0, soldOutCount: 0 }) });
    renderStock();
    expect(await screen.findByText('Nothing is low on stock.')).toBeTruthy();
  });

  it('downloads the CSV by link and uploads one: the bad rows by line when refused, the message when applied', async () => {
    let answer: Response = jsonResponse(
      {
        message: '2 rows need fixing: nothing was changed.',
        errors: [
          { line: 3, message: 'Stock must be a whole number from 0 to 1000000.' },
          { line: 5, message: 'No product has the id nope.' },
        ],
      },
      400,
    );
    const fetch = mockFetch({
      '/api/admin/stock': page(lowRows),
      'POST /api/admin/stock.csv': () => answer,
    });
    renderStock();
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/stock.csv');

    const upload = screen.getByRole('form', { name: 'Upload CSV' });
    fireEvent.submit(upload);
    expect(within(upload).getByRole('alert').textContent).toBe('Choose a CSV file first.');

    const csv = 'product_id,size,colour,sku,stock\noxford-brogue,42,Black,BRG-42-BLK,x\n';
    fireEvent.change(within(upload).getByLabelText('CSV file'), {
      target: { files: [new File([csv], 'stock.csv', { type: 'text/csv' })] },
    });
    fireEvent.submit(upload);
    const rows = await within(upload).findByRole('list', { name: 'Rows to fix' });
    expect(within(upload).getByRole('alert').textContent).toContain('2 rows need fixing: nothing was changed.');
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3: Stock must be a whole number from 0 to 1000000.', 'Line 5: No product has the id nope.']);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[1]!.body).toBe(csv);
    expect(new Headers(post[1]!.headers).get('Content-Type')).toBe('text/csv');
    expect(new Headers(post[1]!.headers).get('X-Requested-With')).toBe('ankara');

    answer = jsonResponse({ message: 'Stock updated for 1 variant.', updated: 1 });
    fireEvent.submit(upload);
    expect((await within(upload).findByText('Stock updated for 1 variant.')).closest('[role="status"]')).toBeTruthy();
    expect(within(upload).queryByRole('list')).toBeNull();
  });

  it('shows the reason of a refused upload that is not about rows (too large)', async () => {
    mockFetch({
      '/api/admin/stock': page(lowRows),
      'POST /api/admin/stock.csv': () => jsonResponse({ error: 'too_large', message: 'The file is too large.' }, 413),
    });
    renderStock();
    const upload = await screen.findByRole('form', { name: 'Upload CSV' });
    fireEvent.change(within(upload).getByLabelText('CSV file'), {
      target: { files: [new File(['a'], 'stock.csv', { type: 'text/csv' })] },
    });
    fireEvent.submit(upload);
    expect((await within(upload).findByText('The file is too large.')).closest('[role="alert"]')).toBeTruthy();
  });
});

describe('Stock in the menu', () => {
  it('is offered to admins only', () => {
    const props = { open: true, onClose: () => undefined, returnFocusRef: { current: null } };
    const { unmount } = renderWithProviders(<Sidebar {...props} />, { session: { user: admin } });
    expect(screen.getByRole('link', { name: /Stock/ }).getAttribute('href')).toBe('/admin/stock');
    unmount();
    renderWithProviders(<Sidebar {...props} />, { session: { user: customer } });
    expect(screen.queryByRole('link', { name: /Stock/ })).toBeNull();
  });

  it('shows a packer the counts to pick from, with no Save and no spreadsheet', async () => {
    mockFetch({ '/api/admin/stock': page(lowRows) });
    renderWithProviders(<StockPage />, { path: '/admin/stock', session: { user: staffUser('packer') } });
    const table = await screen.findByRole('table', { name: /Stock by variant/ });
    expect(within(table).queryByRole('spinbutton')).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(table).getByText('2')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload CSV' })).toBeNull();
  });
});
