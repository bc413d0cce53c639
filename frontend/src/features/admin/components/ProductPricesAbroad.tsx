import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useFixedPrices, useSaveFixedPrices, type FixedPrice } from '../api/fixedPrices';
import {
  fixedPriceDrafts,
  fixedPricesChanged,
  fixedPricesInput,
  fixedPricesProblem,
  type FixedPriceDraft,
} from '../lib/fixedPrices';
import { textToMinor } from '../lib/moneyAbroad';
import { AdminTag, FormNotice, type Notice } from './AdminPanel';
import { FixedPriceFields } from './FixedPriceFields';
import { failureMessage } from '@/lib/api';
import { formatMoney } from '@/lib/money';
import type { Product } from '@/lib/types';

export const FIXED_PRICES_SAVED = 'Prices abroad saved.';
export const FIXED_PRICES_FAILED = 'Could not save the prices abroad. Please try again.';

/**
 * Product page (those who edit products): what shoppers abroad pay for it now in each currency
 * that is on, and its fixed price per currency (blank follows the naira price at the shop's rate),
 * read from GET /api/admin/products/{id}/fixed-prices and saved with PATCH /api/products/{id}.
 */
export function ProductPricesAbroad({ product }: { product: Product }) {
  const headingId = useId();
  const fixed = useFixedPrices(product.id);
  return (
    <section className="admin-prices-abroad" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-prices-abroad__title">
        <AdminTag /> Prices abroad
      </h2>
      {(product.pricesAbroad ?? []).length > 0 ? (
        <p className="admin-prices-abroad__now">
          Shoppers abroad pay{' '}
          {(product.pricesAbroad ?? []).map((p, i) => (
            <span key={p.currency}>
              {i > 0 && ' or '}
              <strong>{formatMoney(p.price, p.currency)}</strong>
            </span>
          ))}
          .
        </p>
      ) : (
        <p className="admin-prices-abroad__now muted">
          No currency abroad is on: <Link href="/admin/settings">Settings → Prices abroad</Link>.
        </p>
      )}
      {fixed.data ? (
        <FixedPricesForm productId={product.id} saved={fixed.data} />
      ) : fixed.isError ? (
        <p className="admin-inline__error" role="alert">
          {failureMessage(fixed.error, 'Could not load the fixed prices. Please try again.')}
        </p>
      ) : null}
    </section>
  );
}

function FixedPricesForm({ productId, saved }: { productId: string; saved: ReadonlyArray<FixedPrice> }) {
  const errorId = useId();
  const save = useSaveFixedPrices(productId);
  const [drafts, setDrafts] = useState<FixedPriceDraft[]>(() => fixedPriceDrafts(saved));
  const [notice, setNotice] = useState<Notice>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = fixedPricesProblem(drafts);
    if (problem) return setNotice({ tone: 'error', text: problem });
    setNotice(null);
    const input = fixedPricesInput(drafts);
    save.mutate(input, {
      onSuccess: () => {
        // As the server keeps them: "1,029.5" reads back as "1029.50".
        setDrafts(
          fixedPriceDrafts(
            input.filter((f) => f.price !== '').map((f) => ({ currency: f.currency, price: textToMinor(f.price)! })),
          ),
        );
        setNotice({ tone: 'success', text: FIXED_PRICES_SAVED });
      },
      onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, FIXED_PRICES_FAILED) }),
    });
  };

  const edit = (next: FixedPriceDraft) => {
    setDrafts(drafts.map((d) => (d.currency === next.currency ? next : d)));
    if (notice) setNotice(null);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Prices abroad">
      <FixedPriceFields drafts={drafts} onChange={edit} errorId={notice?.tone === 'error' ? errorId : undefined} />
      <div id={errorId}>
        <FormNotice notice={notice} />
      </div>
      <button
        type="submit"
        className="btn btn--sm btn--dark"
        disabled={save.isPending || !fixedPricesChanged(drafts, saved)}
      >
        {save.isPending ? 'Saving...' : 'Save prices abroad'}
      </button>
    </form>
  );
}
