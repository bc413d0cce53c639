import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SignupPage from './SignupPage';
import { queryKeys } from '@/lib/queryKeys';
import type { Session } from '@/lib/types';
import { customer, jsonResponse, mockFetch, renderWithProviders, sessionOf } from '@/test/utils';

function photo(name = 'me.jpg', type = 'image/jpeg', size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fill(values: Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>) {
  const set = (label: string, value: string | undefined) => {
    if (value !== undefined) fireEvent.change(screen.getByLabelText(label), { target: { value } });
  };
  set('Full name', values.name);
  set('Email', values.email);
  set('Password', values.password);
  set('Confirm password', values.confirm);
}

function choose(file: File | null) {
  const input = screen.getByLabelText<HTMLInputElement>(/^Profile image/);
  fireEvent.change(input, { target: { files: file ? [file] : [] } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
const alertText = () => screen.getByRole('alert').textContent;

const valid = { name: 'Ada Obi', email: 'ada@example.com', password: 'secret1', confirm: 'secret1' };

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('SignupPage validation', () => {
  it('requires every field and a picture', () => {
    const fetch = mockFetch({});
    renderWithProviders(<SignupPage />, { path: '/signup' });
    submit();
    expect(alertText()).toBe('Please fill all the fields and upload a valid profile picture.');
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    fill(valid);
    submit();
    // Everything but the picture.
    expect(alertText()).toBe('Please fill all the fields and upload a valid profile picture.');
    expect(screen.getByLabelText(/^Profile image/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the e-mail shape, the password length and that the passwords match, in that order', () => {
    const fetch = mockFetch({});
    renderWithProviders(<SignupPage />, { path: '/signup' });
    choose(photo());
    fill({ ...valid, email: 'ada@example', password: 'abc', confirm: 'abd' });
    submit();
    expect(alertText()).toBe('Please enter a valid email address.');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);

    fill({ email: 'ada@example.com' });
    submit();
    expect(alertText()).toBe('Password must be at least 6 characters long.');

    fill({ password: 'secret1' });
    submit();
    expect(alertText()).toBe('Passwords do not match.');
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm password'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks the picture when it is chosen, and a pending picture problem blocks submit', () => {
    const fetch = mockFetch({});
    renderWithProviders(<SignupPage />, { path: '/signup' });
    fill(valid);

    choose(photo('notes.txt', 'text/plain'));
    expect(alertText()).toBe('Selected file must be an image.');

    choose(photo('huge.jpg', 'image/jpeg', 10_000_001));
    expect(alertText()).toBe('Image file size must be less than 10MB.');

    choose(null);
    expect(alertText()).toBe('Please select a file.');

    submit();
    // One problem at a time: the box now says what blocks the submit, and nothing else shows.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please resolve the profile image issue before submitting.',
    ]);
    expect(fetch).not.toHaveBeenCalled();

    // Exactly 10,000,000 bytes is allowed, and shows a preview.
    choose(photo('ok.jpg', 'image/jpeg', 10_000_000));
    expect(screen.queryByText('Please select a file.')).toBeNull();
    expect(screen.getByRole<HTMLImageElement>('img', { name: /Preview of Ada Obi/ }).src).toBe('blob:preview');
  });
});

describe('SignupPage live errors', () => {
  it('clears a problem as soon as its field is fixed, and shows the next one only on submit', () => {
    mockFetch({});
    renderWithProviders(<SignupPage />, { path: '/signup' });
    choose(photo());
    fill({ ...valid, email: 'ada@example', confirm: 'secret2' });
    submit();
    expect(alertText()).toBe('Please enter a valid email address.');
    fill({ email: 'ada@example.' });
    // Still not a valid address: the message stays.
    expect(alertText()).toBe('Please enter a valid email address.');
    fill({ email: 'ada@example.com' });
    expect(screen.queryByRole('alert')).toBeNull();

    submit();
    expect(alertText()).toBe('Passwords do not match.');
    // Typing in another field does not clear it; fixing the confirmation does.
    fill({ name: 'Ada N. Obi' });
    expect(alertText()).toBe('Passwords do not match.');
    fill({ confirm: 'secret1' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBeNull();
  });

  it('clears a picture problem when a good picture is chosen', () => {
    mockFetch({});
    renderWithProviders(<SignupPage />, { path: '/signup' });
    fill(valid);
    choose(photo('notes.txt', 'text/plain'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Selected file must be an image.']);
    choose(photo());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SignupPage submit', () => {
  it('posts the multipart form, shows Signing up..., then signs in and goes home', async () => {
    let release!: () => void;
    const session: Session = {
      user: customer,
      expiresAt: Date.now() + 3_600_000,
      counts: { bag: 0, saved: 0, newOrders: 0 },
      guestCheckout: false,
      guest: false,
    };
    const fetch = mockFetch({
      'POST /api/auth/signup': () =>
        new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(session)))),
    });
    const { currentLocation, queryClient } = renderWithProviders(<SignupPage />, { path: '/signup' });
    fill({ ...valid, name: '  Ada Obi  ' });
    choose(photo());
    submit();

    const button = await screen.findByRole('button', { name: 'Signing up...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/auth/signup');
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('displayName')).toBe('Ada Obi');
    expect(body.get('email')).toBe('ada@example.com');
    expect(body.get('password')).toBe('secret1');
    expect(body.get('confirmPassword')).toBe('secret1');
    expect((body.get('photo') as File).name).toBe('me.jpg');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('ankara');
    expect(headers['Content-Type']).toBeUndefined();

    await act(async () => release());
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(queryClient.getQueryData<Session>(queryKeys.session)?.user?.displayName).toBe('Ada Obi');
  });

  it("shows the server's message, or Could not complete signup. when there is none", async () => {
    let answer = () =>
      jsonResponse({ error: 'conflict', message: 'The email address is already in use by another account.' }, 409);
    mockFetch({ 'POST /api/auth/signup': () => answer() });
    renderWithProviders(<SignupPage />, { path: '/signup' });
    fill(valid);
    choose(photo());
    submit();
    expect(await screen.findByText('The email address is already in use by another account.')).toBeTruthy();

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    submit();
    expect(await screen.findByText('Could not complete signup.')).toBeTruthy();
  });

  it('goes back to next after signing up (same-site only), and Log in keeps it', async () => {
    mockFetch({ 'POST /api/auth/signup': () => jsonResponse(sessionOf(customer)) });
    const { currentLocation } = renderWithProviders(<SignupPage />, { path: '/signup?next=%2Fmybag' });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?next=%2Fmybag');
    fill(valid);
    choose(photo());
    submit();
    await waitFor(() => expect(currentLocation()).toBe('/mybag'));
  });

  it('never follows a next that leaves the site', async () => {
    mockFetch({ 'POST /api/auth/signup': () => jsonResponse(sessionOf(customer)) });
    const { currentLocation } = renderWithProviders(<SignupPage />, { path: '/signup?next=%2F%2Fevil.example' });
    fill(valid);
    choose(photo());
    submit();
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});

describe('SignupPage on a phone', () => {
  it('marks the profile image required, for the eye and for screen readers', () => {
    mockFetch({});
    renderWithProviders(<SignupPage />, { path: '/signup' });
    const input = screen.getByLabelText<HTMLInputElement>(/^Profile image/);
    expect(input.required).toBe(true);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Profile image (required)');
  });

  it('scrolls an error box that appears off screen into view and focuses it', () => {
    mockFetch({});
    const scrolled = vi.fn();
    // A phone: the box sits above the part of the form in view.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return { top: this.classList.contains('form-error') ? -300 : 0, bottom: -250, height: 50 } as DOMRect;
    });
    // jsdom lays nothing out and has no scrollIntoView.
    HTMLElement.prototype.scrollIntoView = scrolled;
    renderWithProviders(<SignupPage />, { path: '/signup' });
    fill(valid);
    submit();
    const box = screen.getByRole('alert');
    expect(box.textContent).toBe('Please fill all the fields and upload a valid profile picture.');
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    expect(document.activeElement).toBe(box);
    // The field at fault still points at it.
    expect(screen.getByLabelText(/^Profile image/).getAttribute('aria-describedby')).toBe(box.id);
    rect.mockRestore();
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
  });

  it('leaves the focus on the field when the box is in sight', () => {
    mockFetch({});
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 200, bottom: 250, height: 50 } as DOMRect);
    renderWithProviders(<SignupPage />, { path: '/signup' });
    fill(valid);
    submit();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Profile image/));
    rect.mockRestore();
  });
});
