import { useId, useState } from 'react';
import { useCustomers } from '../api/customers';
import { useDebounced } from '@/lib/useDebounced';
import { Spinner } from '@/components/Spinner';
import type { CustomerSummary } from '@/lib/types';

/** How many matches the picker lists. */
const SHOWN = 6;

/**
 * "Find a customer": searches the customers by name, e-mail or phone (GET /api/admin/customers?q=)
 * and hands the one picked to the form, which fills their details in.
 */
export function CustomerPicker({ onPick }: { onPick: (customer: CustomerSummary) => void }) {
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 250);
  const { data, isFetching, isError, error } = useCustomers(q, 1, q.length >= 2);
  const searchId = useId();
  const resultsId = useId();
  const found = q.length >= 2 ? (data?.customers ?? []).slice(0, SHOWN) : [];

  return (
    <div className="customer-picker">
      <div className="field">
        <label htmlFor={searchId} className="field__label">
          Find a customer <span className="field__optional">(optional)</span>
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          autoComplete="off"
          placeholder="Name, e-mail or phone"
          value={typed}
          aria-controls={resultsId}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <div id={resultsId} aria-live="polite">
        {isFetching && q.length >= 2 && <Spinner size="sm" label="Searching…" />}
        {isError && (
          <p className="field__error" role="alert">
            {error.message}
          </p>
        )}
        {q.length >= 2 && data && found.length === 0 && <p className="muted">No customer matches “{q}”.</p>}
        {found.length > 0 && (
          <ul className="product-picker__results" aria-label="Customers found">
            {found.map((customer) => (
              <li key={customer.key}>
                <button
                  type="button"
                  className="product-picker__result"
                  onClick={() => {
                    onPick(customer);
                    setTyped('');
                  }}
                >
                  <span className="product-picker__name">{customer.name || customer.email || customer.phone}</span>
                  <span className="product-picker__meta">
                    {[customer.phone, customer.email].filter(Boolean).join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
