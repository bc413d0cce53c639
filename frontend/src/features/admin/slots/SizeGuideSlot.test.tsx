import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SizeGuideSlot, { SIZE_GUIDE_REMOVED, SIZE_GUIDE_SAVED } from './SizeGuideSlot';
import { collection } from '@/test/fixtures';
import type { SizeGuide } from '@/lib/types';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const guide = { columns: ['EU', 'UK'], rows: [['42', '8']] };

function sent(fetch: ReturnType<typeof mockFetch>): unknown {
  const call = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
  return call ? (JSON.parse(call[1]!.body as string) as unknown) : null;
}

describe('SizeGuideSlot', () => {
  it('edits the table: a cell, a new row and a new column, then saves it', async () => {
    const fetch = mockFetch({
      'PUT /api/collections/formal-shoes/size-guide': (_url, init) =>
        jsonResponse(collection({ sizeGuide: JSON.parse(init!.body as string) as SizeGuide })),
    });
    renderWithProviders(<SizeGuideSlot collectionId="formal-shoes" guide={guide} />, { session: { user: admin } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit size guide' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Row 1, UK' }), { target: { value: '8.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Row 2, EU' }), { target: { value: '43' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Row 2, UK' }), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Heading 3' }), { target: { value: 'Foot length' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Row 1, Foot length' }), { target: { value: '26.6 cm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save size guide' }));
    expect(await screen.findByText(SIZE_GUIDE_SAVED)).toBeTruthy();
    expect(sent(fetch)).toEqual({
      columns: ['EU', 'UK', 'Foot length'],
      rows: [
        ['42', '8.5', '26.6 cm'],
        ['43', '9', ''],
      ],
    });
  });

  it("removes a column, shows the server's refusal, and removes the whole guide", async () => {
    let refuse = true;
    const fetch = mockFetch({
      'PUT /api/collections/formal-shoes/size-guide': () =>
        refuse
          ? jsonResponse({ error: 'validation', message: 'Give every column of the size guide a heading.' }, 400)
          : jsonResponse(collection({ sizeGuide: null })),
    });
    renderWithProviders(<SizeGuideSlot collectionId="formal-shoes" guide={guide} />, { session: { user: admin } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit size guide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove column UK' }));
    expect(screen.queryByRole('textbox', { name: 'Row 1, UK' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save size guide' }));
    expect(await screen.findByText('Give every column of the size guide a heading.')).toBeTruthy();
    expect(sent(fetch)).toEqual({ columns: ['EU'], rows: [['42']] });
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Remove size guide' }));
    await waitFor(() => expect(screen.getByText(SIZE_GUIDE_REMOVED)).toBeTruthy());
    expect(JSON.parse(fetch.mock.calls.at(-1)![1]!.body as string)).toEqual({ columns: [], rows: [] });
  });
});
