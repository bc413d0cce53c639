import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AccountPage from './AccountPage';
import { greetingFor } from '../greeting';
import { Header } from '@/components/Header';
import { queryKeys } from '@/lib/queryKeys';
import type { Session } from '@/lib/types';
import { image } from '@/test/fixtures';
import { customer, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

// The header's menus come from the page's facts, as the server writes them, so the requests
// counted below are the page's own.

const signedIn: Session = {
  user: { ...customer, phoneNumber: null },
  expiresAt: null,
  counts: { bag: 3, saved: 2, newOrders: 1 },
  guestCheckout: false,
  guest: false,
};

function renderAccount(session: Session = signedIn) {
  return renderWithProviders(<AccountPage />, { path: '/myaccount', session });
}

/** The page's calls but the store-credit card's own read (GET /api/account/credit). */
function writes(fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }) {
  return fetch.mock.calls.filter(([input]) => input !== '/api/account/credit');
}

describe('greeting', () => {
  it('is Good morning before 12:00, Good afternoon before 18:00, otherwise Good evening', () => {
    expect(greetingFor(0)).toBe('Good morning');
    expect(greetingFor(11)).toBe('Good morning');
    expect(greetingFor(12)).toBe('Good afternoon');
    expect(greetingFor(17)).toBe('Good afternoon');
    expect(greetingFor(18)).toBe('Good evening');
    expect(greetingFor(23)).toBe('Good evening');
  });

  it.each([
    [9, 30, 'Good morning, Ada Obi'],
    [11, 59, 'Good morning, Ada Obi'],
    [12, 0, 'Good afternoon, Ada Obi'],
    [17, 59, 'Good afternoon, Ada Obi'],
    [18, 0, 'Good evening, Ada Obi'],
  ])('greets by the local time %i:%i', (hour, minute, text) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 4, 17, hour, minute));
    renderAccount();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(text);
  });
});

describe('AccountPage view mode', () => {
  it('shows the default avatar, e-mail, Not provided for a missing phone, and the shortcuts', () => {
    renderAccount();
    expect(screen.getByRole('img', { name: 'Default avatar' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Not provided')).toBeTruthy();
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' }));
    // Named by their content (label, count, hint): the name contains all the visible text.
    expect(shortcuts.getByRole('link', { name: /^My Bag \(3\) / }).getAttribute('href')).toBe('/mybag');
    expect(shortcuts.getByRole('link', { name: /^My Orders \(1\) / }).getAttribute('href')).toBe('/myorders');
    expect(shortcuts.getByRole('link', { name: /^Saved Items \(2\) / }).getAttribute('href')).toBe('/saved-items');
  });

  it('shows the photo with its srcset and the phone number', () => {
    renderAccount({ ...signedIn, user: { ...customer, photoURL: image('ada'), phoneNumber: '+234 803 000 0000' } });
    const img = screen.getByRole<HTMLImageElement>('img', { name: "Ada Obi's profile photo" });
    expect(img.getAttribute('srcset')).toContain('/media/ada-320.jpg 320w');
    expect(screen.getByText('+234 803 000 0000')).toBeTruthy();
  });

  it('logs out: POST /api/auth/logout, forgets the user and goes home', async () => {
    const fetch = mockFetch({
      'POST /api/auth/logout': { user: null, expiresAt: null, counts: { bag: 0, saved: 0, newOrders: 0 } },
    });
    const { currentLocation, queryClient } = renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(writes(fetch)[0]![0]).toBe('/api/auth/logout');
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.user).toBeNull();
  });
});

describe('AccountPage edit mode', () => {
  it('edits with the e-mail disabled and Log Out hidden; Cancel reverts the edits', () => {
    const fetch = mockFetch({});
    renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByRole('button', { name: 'Log Out' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Email').disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Somebody Else' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '0803' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
    expect(screen.getByText('Not provided')).toBeTruthy();
    expect(screen.queryByText('Somebody Else')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ada Obi');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('');
    expect(writes(fetch)).toEqual([]);
  });

  it('saves with PATCH /api/account (multipart), shows Saving..., and the header shows the new name', async () => {
    let release!: () => void;
    const updated: Session = {
      ...signedIn,
      user: { ...customer, displayName: 'Ada Okafor', phoneNumber: '08030000000' },
    };
    const fetch = mockFetch({
      'PATCH /api/account': () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(updated)))),
    });
    renderWithProviders(
      <>
        <Header onOpenMenu={() => {}} menuOpen={false} menuButtonRef={{ current: null }} />
        <AccountPage />
      </>,
      { path: '/myaccount', session: signedIn },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ' Ada Okafor ' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '08030000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    const [path, init] = writes(fetch)[0]!;
    expect(path).toBe('/api/account');
    expect(init?.method).toBe('PATCH');
    const form = init?.body as FormData;
    expect(form.get('displayName')).toBe('Ada Okafor');
    expect(form.get('phoneNumber')).toBe('08030000000');
    expect(form.get('photo')).toBeNull();

    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: /, Ada Okafor$/ })).toBeTruthy();
    expect(screen.getByText('08030000000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu for Ada Okafor' })).toBeTruthy();
  });

  it('says Failed to update profile. Please try again. and stays in edit mode', async () => {
    mockFetch({ 'PATCH /api/account': () => jsonResponse({ error: 'internal', message: 'boom' }, 500) });
    renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update profile. Please try again.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
