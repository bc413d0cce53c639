import { useCustomers } from '../api/customers';
import { SearchPicker, usePickerSearch } from './SearchPicker';
import type { CustomerSummary } from '@/lib/types';

/** How many matches the picker lists. */
const SHOWN = 6;

/**
 * "Find a customer": searches the customers by name, e-mail or phone (GET /api/admin/customers?q=)
 * and hands the one picked to the form, which fills their details in.
 */
export function CustomerPicker({ onPick }: { onPick: (customer: CustomerSummary) => void }) {
  const search = usePickerSearch();
  const customers = useCustomers(search.q, 1, search.q !== '');
  const found = search.q ? (customers.data?.customers ?? []).slice(0, SHOWN) : [];

  return (
    <div className="customer-picker">
      <SearchPicker
        label="Find a customer"
        optional
        placeholder="Name, e-mail or phone"
        search={search}
        query={customers}
        noMatch={`No customer matches “${search.q}”.`}
        listLabel="Customers found"
        matches={found.map((customer) => ({
          key: customer.key,
          label: customer.name || customer.email || customer.phone,
          meta: (
            <span className="product-picker__meta">{[customer.phone, customer.email].filter(Boolean).join(' · ')}</span>
          ),
          onPick: () => {
            onPick(customer);
            search.setTyped('');
          },
        }))}
      />
    </div>
  );
}
