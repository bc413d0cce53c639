import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SearchWordsPage, { SEARCH_WORDS_SAVED } from './SearchWordsPage';
import { ONE_WORD_GROUP } from '../lib/searchWords';
import { Sidebar } from '@/components/Sidebar';
import type { SynonymList } from '@/lib/types';
import { admin, customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

const SAVED: SynonymList = {
  groups: [{ words: ['sneakers', 'trainers', 'kicks'] }, { words: ['trousers', 'pants'] }],
};

/** The server: GET answers the groups, PUT stores them as sent (or answers `refuse` with 400). */
function server(refuse?: string) {
  const sent: SynonymList[] = [];
  const fetch = mockFetch({
    'GET /api/admin/search/synonyms': SAVED,
    'PUT /api/admin/search/synonyms': (_url, init) => {
      const body = JSON.parse(init!.body as string) as SynonymList;
      sent.push(body);
      return refuse ? jsonResponse({ error: 'validation', message: refuse }, 400) : jsonResponse(body);
    },
  });
  return { fetch, sent };
}

const renderPage = () => renderWithProviders(<SearchWordsPage />, { path: '/admin/search', session: { user: admin } });

describe('Search words screen', () => {
  it('shows each group as a row of words separated by commas', async () => {
    server();
    renderPage();
    const first = await screen.findByLabelText<HTMLInputElement>('Group 1');
    expect(first.value).toBe('sneakers, trainers, kicks');
    expect(screen.getByLabelText<HTMLInputElement>('Group 2').value).toBe('trousers, pants');
    expect(screen.getByText('No changes')).toBeTruthy();
  });

  it('adds a group, removes one and saves them all at once', async () => {
    const { sent } = server();
    renderPage();
    await screen.findByLabelText('Group 1');
    fireEvent.click(screen.getByRole('button', { name: '+ Add group' }));
    const added = screen.getByLabelText<HTMLInputElement>('Group 3');
    expect(document.activeElement).toBe(added);
    fireEvent.change(added, { target: { value: 'tux,  tuxedo , ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove group 2' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SEARCH_WORDS_SAVED)).toBeTruthy();
    expect(sent).toEqual([{ groups: [{ words: ['sneakers', 'trainers', 'kicks'] }, { words: ['tux', 'tuxedo'] }] }]);
    expect(screen.getByLabelText<HTMLInputElement>('Group 2').value).toBe('tux, tuxedo');
  });

  it("refuses a group of one word before asking the server, and shows the server's refusal", async () => {
    const { sent } = server('“kicks” is listed twice (as “kick”): keep it in one group.');
    renderPage();
    fireEvent.change(await screen.findByLabelText('Group 2'), { target: { value: 'trousers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ONE_WORD_GROUP);
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Group 2'), { target: { value: 'trousers, kick' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('“kicks” is listed twice (as “kick”): keep it in one group.'),
    );
    expect(sent).toHaveLength(1);
  });

  it('is linked from the sidebar for admins only', () => {
    const props = { open: true, onClose: () => undefined, returnFocusRef: { current: null } };
    const { unmount } = renderWithProviders(<Sidebar {...props} />, { session: { user: admin } });
    expect(screen.getByRole('link', { name: /Search words/ }).getAttribute('href')).toBe('/admin/search');
    unmount();
    renderWithProviders(<Sidebar {...props} />, { session: { user: customer } });
    expect(screen.queryByRole('link', { name: /Search words/ })).toBeNull();
  });
});
