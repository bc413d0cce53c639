import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ImportProductsPage, { importButtonText, progressText } from './ImportProductsPage';
import type { ImportJob, ImportReport } from '../api/productImport';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function report(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    format: 'shopify',
    dryRun: true,
    created: 2,
    updated: 1,
    unchanged: 0,
    variants: 14,
    newCollections: [],
    newPictures: 6,
    products: [
      { line: 2, handle: 'lagos-brogue', name: 'Lagos Brogue', action: 'create', variants: 6 },
      { line: 8, handle: 'ikoyi-shirt', name: 'Ikoyi Oxford Shirt', action: 'create', variants: 4 },
      { line: 13, handle: 'eko-watch', name: 'Eko Dress Watch', action: 'update', variants: 4 },
    ],
    skipped: [{ line: 17, message: 'Left out: its status is draft.' }],
    message: 'Would import: 2 new, 1 to update, 0 unchanged.',
    ...overrides,
  };
}

function job(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    id: 'job1',
    state: 'running',
    phase: 'Pictures',
    done: 2,
    total: 6,
    report: null,
    refused: null,
    ...overrides,
  };
}

function chooseFile() {
  const file = new File(['Handle,Title\n'], 'products_export.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV or zip file'), { target: { files: [file] } });
  return file;
}

describe('Import products', () => {
  it('names the button and the progress', () => {
    expect(importButtonText(report())).toBe('Import 3 products');
    expect(importButtonText(report({ created: 1, updated: 0 }))).toBe('Import 1 product');
    expect(progressText(job())).toBe('Pictures: 2 of 6');
    expect(progressText(job({ total: 0, phase: 'Checking' }))).toBe('Checking…');
  });

  it('checks the file first, then imports it and follows the progress to the report', async () => {
    let polls = 0;
    const sent: { query: string; body: unknown; type: string | null }[] = [];
    const fetch = mockFetch({
      '/api/collections': [],
      'POST /api/admin/products/import': (url, init) => {
        sent.push({ query: url.search, body: init?.body, type: new Headers(init?.headers).get('Content-Type') });
        return url.searchParams.get('dryRun') === 'true' ? jsonResponse(report()) : jsonResponse(job(), 202);
      },
      '/api/admin/products/import/job1': () =>
        jsonResponse(
          ++polls < 2
            ? job({ done: 5 })
            : job({
                state: 'done',
                phase: 'Saving',
                report: report({ dryRun: false, message: 'Imported: 2 new, 1 updated, 0 unchanged.' }),
              }),
        ),
    });
    renderWithProviders(<ImportProductsPage />, { path: '/admin/products/import', session: { user: admin } });
    expect(screen.getByRole('link', { name: 'Download products CSV' }).getAttribute('href')).toBe(
      '/api/admin/products.csv',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toContain(
      'Choose a CSV or zip file first.',
    );

    const file = chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const checkedPanel = await screen.findByRole('region', { name: 'Check passed' });
    expect(within(checkedPanel).getByText('Would import: 2 new, 1 to update, 0 unchanged.')).toBeTruthy();
    expect(within(checkedPanel).getByText('Line 17: Left out: its status is draft.')).toBeTruthy();
    const rows = within(checkedPanel).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2Lagos Broguelagos-brogue6New',
      '8Ikoyi Oxford Shirtikoyi-shirt4New',
      '13Eko Dress Watcheko-watch4Update',
    ]);
    expect(sent[0]).toEqual({ query: '?dryRun=true', body: file, type: 'text/csv' });

    fireEvent.click(within(checkedPanel).getByRole('button', { name: 'Import 3 products' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeTruthy();
    expect(sent[1]).toEqual({ query: '?dryRun=false', body: file, type: 'text/csv' });
    expect(await screen.findByText('Imported: 2 new, 1 updated, 0 unchanged.', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the products' }).getAttribute('href')).toBe('/admin/products');
    expect(fetch.mock.calls.filter(([u]) => (u as string).includes('/import/job1')).length).toBe(2);
  });

  it('lists the rows that are wrong when the file is refused, and imports nothing', async () => {
    mockFetch({
      '/api/collections': [{ id: 'new-in', name: 'New In' }],
      'POST /api/admin/products/import': () =>
        jsonResponse(
          {
            message: '1 row is wrong; nothing was changed.',
            errors: [{ line: 15, message: 'The Variant Price: "12x000" is not a valid price.' }],
          },
          400,
        ),
    });
    renderWithProviders(<ImportProductsPage />, { path: '/admin/products/import', session: { user: admin } });
    chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('1 row is wrong; nothing was changed.')).toBeTruthy();
    expect(screen.getByText(/The Variant Price: "12x000" is not a valid price\./).closest('li')?.textContent).toBe(
      'Line 15: The Variant Price: "12x000" is not a valid price.',
    );
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });
});
