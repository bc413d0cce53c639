import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { invalidateCatalog } from '../api/catalog';
import {
  fixedPriceDrafts,
  fixedPricesChanged,
  fixedPricesInput,
  fixedPricesProblem,
  type FixedPriceDraft,
} from '../lib/fixedPrices';
import { formatMoney } from '../lib/moneyAbroad';
import { AdminTag, FormNotice, type Notice } from './AdminPanel';
import { FixedPriceFields } from './FixedPriceFields';
import { answer, api, failureMessage } from '@/lib/api';
import { queryKeys } from '@/lib/queryKeys';
import type { Product } from '@/lib/types';

export const FIXED_PRICES_SAVED = 'Prices abroad saved.';
export const FIXED_PRICES_FAILED = 'Could not save the prices abroad. Please try again.';

/**
 * Product page (those who edit products): what shoppers abroad pay for it now in each currency
 * that is on, and its fixed price per currency (blank follows the naira price at the shop's rate),
 * saved with PATCH /api/products/{id} { fixedPrices }.
 */
export function ProductPricesAbroad({ product }: { product: Product }) {
  const client = useQueryClient();
  const headingId = useId();
  const errorId = useId();
  const saved = product.fixedPrices ?? [];
  const [drafts, setDrafts] = useState<FixedPriceDraft[]>(() => fixedPriceDrafts(saved));
  const [notice, setNotice] = useState<Notice>(null);
  const save = useMutation({
    mutationFn: (fixedPrices: ReturnType<typeof fixedPricesInput>) =>
      answer(api.PATCH('/api/products/{id}', { params: { path: { id: product.id } }, body: { fixedPrices } })),
    onSuccess: (answered) => {
      client.setQueryData(queryKeys.products.detail(answered.id), answered);
      void invalidateCatalog(client);
      setDrafts(fixedPriceDrafts(answered.fixedPrices ?? []));
      setNotice({ tone: 'success', text: FIXED_PRICES_SAVED });
    },
    onError: (error) => setNotice({ tone: 'error', text: failureMessage(error, FIXED_PRICES_FAILED) }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = fixedPricesProblem(drafts);
    if (problem) return setNotice({ tone: 'error', text: problem });
    setNotice(null);
    save.mutate(fixedPricesInput(drafts));
  };

  const edit = (next: FixedPriceDraft) => {
    setDrafts(drafts.map((d) => (d.currency === next.currency ? next : d)));
    if (notice) setNotice(null);
  };

  return (
    <section className="admin-prices-abroad" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-prices-abroad__title">
        <AdminTag /> Prices abroad
      </h2>
      {product.pricesAbroad.length > 0 ? (
        <p className="admin-prices-abroad__now">
          Shoppers abroad pay{' '}
          {product.pricesAbroad.map((p, i) => (
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
    </section>
  );
}
