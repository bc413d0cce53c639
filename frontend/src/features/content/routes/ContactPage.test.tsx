import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ContactPage from './ContactPage';
import { validateContact } from '../validate-contact';
import { embedShop } from '@/test/shop';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function fill(email: string, message: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: message } });
}

describe('validateContact', () => {
  it('requires both fields and a plausible e-mail', () => {
    expect(validateContact({ email: '', message: '' })).toEqual({
      email: 'Please enter your email address.',
      message: 'Please enter a message.',
    });
    expect(validateContact({ email: 'ada@example', message: 'Hi' })).toEqual({
      email: 'Please enter a valid email address.',
    });
    expect(validateContact({ email: 'ada example.com', message: 'Hi' }).email).toBe(
      'Please enter a valid email address.',
    );
    expect(validateContact({ email: ' ada@example.com ', message: '  ' })).toEqual({
      message: 'Please enter a message.',
    });
    expect(validateContact({ email: 'ada@example.com', message: 'Hello' })).toEqual({});
  });
});

describe('ContactPage', () => {
  it('shows field errors and sends nothing when the form is invalid', () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<ContactPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter your email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a message.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));

    fill('not-an-email', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('Please enter a message.')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the trimmed values and replaces the form with the server's confirmation", async () => {
    const fetchMock = mockFetch({
      'POST /api/contact': () => jsonResponse({ message: 'Thanks! We will reply within one working day.' }, 201),
    });
    renderWithProviders(<ContactPage />);
    fill(' ada@example.com ', ' Do you deliver to Abuja? ');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Thanks! We will reply within one working day.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Contact form' })).toBeNull();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ email: 'ada@example.com', message: 'Do you deliver to Abuja?' });
  });

  it("shows the server's validation message", async () => {
    mockFetch({
      'POST /api/contact': () =>
        jsonResponse({ error: 'validation', message: 'Message must be at most 5000 characters.' }, 400),
    });
    renderWithProviders(<ContactPage />);
    fill('ada@example.com', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Message must be at most 5000 characters.');
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeTruthy();
  });
});

describe("the shop's contacts on the contact page", () => {
  it('lists each way to reach the shop she has given, as links', () => {
    embedShop({
      phone: '0803 555 0199',
      whatsapp: '2348035550100',
      email: 'hello@funkescloset.ng',
      address: '12 Admiralty Way, Lekki, Lagos',
      hours: 'Mon–Sat, 9am–6pm',
      social: { instagram: 'https://instagram.com/funkescloset', facebook: null, x: null, tiktok: null },
    });
    mockFetch({});
    renderWithProviders(<ContactPage />);
    const reach = screen.getByRole('region', { name: 'Other ways to reach us' });
    const facts = [...reach.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Phone', '0803 555 0199'],
      ['WhatsApp', '+234 803 555 0100'],
      ['E-mail', 'hello@funkescloset.ng'],
      ['Address', '12 Admiralty Way, Lekki, Lagos'],
      ['Opening hours', 'Mon–Sat, 9am–6pm'],
    ]);
    expect(within(reach).getByRole('link', { name: '0803 555 0199' }).getAttribute('href')).toBe('tel:08035550199');
    expect(within(reach).getByRole('link', { name: '+234 803 555 0100' }).getAttribute('href')).toBe(
      'https://wa.me/2348035550100',
    );
    expect(within(reach).getByRole('link', { name: 'hello@funkescloset.ng' }).getAttribute('href')).toBe(
      'mailto:hello@funkescloset.ng',
    );
    const social = within(reach).getByRole('list', { name: 'Follow us' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('aria-label'), a.getAttribute('href')]),
    ).toEqual([['Instagram', 'https://instagram.com/funkescloset']]);
  });

  it('shows nothing for a fact she has left empty, and no section without any', () => {
    embedShop({ email: 'hello@funkescloset.ng' });
    mockFetch({});
    const { unmount } = renderWithProviders(<ContactPage />);
    const reach = screen.getByRole('region', { name: 'Other ways to reach us' });
    expect([...reach.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['E-mail']);
    unmount();
    embedShop({ social: { instagram: null, facebook: null, x: null, tiktok: null } });
    renderWithProviders(<ContactPage />);
    expect(screen.queryByRole('region', { name: 'Other ways to reach us' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeTruthy();
  });
});
