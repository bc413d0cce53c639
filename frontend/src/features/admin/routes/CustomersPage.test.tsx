import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import CustomerPage, { CUSTOMER_NOT_FOUND } from './CustomerPage';
import CustomersPage, { customerPath } from './CustomersPage';
import type { CustomerSummary } from '@/lib/types';
import { order } from '@/test/fixtures';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';

function customer(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    key: 'a.u1',
    name: 'Adaeze Okafor',
    email: 'ada@example.com',
    phone: '0803 555 0100',
    hasAccount: true,
    orders: 3,
    spent: 12_500_000,
    lastOrderAt: Date.UTC(2026, 10, 20, 10),
    signedUpAt: Date.UTC(2026, 0, 5, 10),
    ...overrides,
  };
}

const chatCustomer = customer({
  key: 'e.ngozi@example.com',
  name: 'Ngozi Eze',
  email: 'ngozi@example.com',
  hasAccount: false,
  orders: 1,
  spent: 2_100_000,
  signedUpAt: null,
});

describe('Customers', () => {
  it('lists, searches and pages the customers, with the CSV to download', async () => {
    const fetch = mockFetch({
      '/api/admin/customers': (url) => {
        const q = url.searchParams.get('q');
        const page = Number(url.searchParams.get('page') ?? '1');
        if (q === 'ngozi') return jsonResponse({ customers: [chatCustomer], total: 1, page: 1, pageSize: 50 });
        return jsonResponse({ customers: [customer()], total: 120, page, pageSize: 50 });
      },
    });
    const { currentLocation } = renderWithProviders(<CustomersPage />, {
      path: '/admin/customers',
      session: { user: admin },
    });
    const list = await screen.findByRole('list', { name: 'Customers' });
    const row = within(list).getAllByRole('listitem')[0]!;
    expect(within(row).getByRole('link', { name: 'Adaeze Okafor' }).getAttribute('href')).toBe('/admin/customers/a.u1');
    expect(within(row).getByText('Account')).toBeTruthy();
    expect(within(row).getByText('3 orders')).toBeTruthy();
    expect(within(row).getByText('₦125,000.00')).toBeTruthy();
    expect(screen.getByText('120 customers.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/customers.csv');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/customers?page=2');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name, e-mail or phone' }), {
      target: { value: 'ngozi' },
    });
    await waitFor(() => expect(currentLocation()).toBe('/admin/customers?q=ngozi'));
    await screen.findByRole('link', { name: 'Ngozi Eze' });
    expect(screen.getByText('1 customer found.')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => (u as string) === '/api/admin/customers?q=ngozi')).toBe(true);
  });

  it('shows a refusal as the server words it', async () => {
    mockFetch({
      '/api/admin/customers': () =>
        jsonResponse({ error: 'forbidden', message: 'Your role (packer) does not allow this.' }, 403),
    });
    renderWithProviders(<CustomersPage />, { path: '/admin/customers?q=zz', session: { user: admin } });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Your role (packer) does not allow this.');
  });

  it('opens one customer with their orders', async () => {
    const fetch = mockFetch({
      '/api/admin/customers/e.ngozi%40example.com': {
        customer: chatCustomer,
        orders: [
          order({
            id: 'o1',
            number: 'ZM877ZQ7',
            source: 'whatsapp',
            paymentMethod: 'pay_link',
            paid: 2_100_000,
            balance: 3_150_000,
          }),
        ],
      },
    });
    const path = customerPath('e.ngozi@example.com');
    expect(path).toBe('/admin/customers/e.ngozi%40example.com');
    renderWithProviders(
      <Route path="/admin/customers/:key">
        <CustomerPage />
      </Route>,
      { path, session: { user: admin } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Ngozi Eze' });
    expect(screen.getByText('No account')).toBeTruthy();
    const orders = screen.getByRole('list', { name: 'Orders of this customer' });
    expect(within(orders).getByRole('link', { name: 'Order #ZM877ZQ7' }).getAttribute('href')).toBe('/admin/orders/o1');
    expect(within(orders).getByText('Source: WhatsApp')).toBeTruthy();
    expect(within(orders).getByText('Part paid — ₦31,500.00 balance')).toBeTruthy();
    expect((fetch.mock.calls[0]![0] as string).endsWith('/api/admin/customers/e.ngozi%40example.com')).toBe(true);
  });

  it('says when the customer does not exist', async () => {
    mockFetch({});
    renderWithProviders(
      <Route path="/admin/customers/:key">
        <CustomerPage />
      </Route>,
      { path: '/admin/customers/p.000', session: { user: admin } },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(CUSTOMER_NOT_FOUND);
  });
});
