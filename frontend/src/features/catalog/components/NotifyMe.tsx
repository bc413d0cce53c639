import { useId, useState, type FormEvent } from 'react';
import { useNotifyWhenBack } from '../api/notify';
import { failureMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import type { Product, Variant } from '@/lib/types';
import { describeVariant, type VariantChoice } from '@/lib/variants';
import './NotifyMe.css';

export const NOTIFY_HEADING = "E-mail me when it's back";
export const NOTIFY_FAILED = 'Could not save your request. Please try again.';
export const ENTER_EMAIL = 'Please enter a valid email address.';

const key = (v: Pick<Variant, 'size' | 'color'>) => `${v.size ?? ''}\u0000${v.color ?? ''}`;

/**
 * "E-mail me when it's back" for a product's sold-out sizes and colours: open at once when what
 * the shopper chose (or the whole product) is sold out, behind "Sold out in your size?" otherwise.
 * A signed-in customer's address is filled in. One mail when that variant is available again.
 */
export function NotifyMe({ product, choice }: { product: Product; choice: VariantChoice }) {
  const soldOut = product.variants.filter((v) => v.available <= 0);
  const { user } = useSession();
  const chosenSoldOut = choice.variant !== undefined && choice.variant.available <= 0;
  const allSoldOut = soldOut.length === product.variants.length;
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [email, setEmail] = useState(user?.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const notify = useNotifyWhenBack();
  const ids = { heading: useId(), email: useId(), variant: useId(), error: useId() };
  if (soldOut.length === 0) return null;

  const shown = open || chosenSoldOut || allSoldOut;
  const selected =
    soldOut.find((v) => key(v) === picked) ?? (chosenSoldOut ? choice.variant : undefined) ?? soldOut[0]!;
  const hasOptions = product.sizes.length > 0 || product.colors.length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError(ENTER_EMAIL);
      return;
    }
    setError(null);
    notify.mutate(
      { productId: product.id, email: address, size: selected.size, color: selected.color },
      { onError: (e) => setError(failureMessage(e, NOTIFY_FAILED)) },
    );
  };

  if (!shown) {
    return (
      <p className="notify-me__ask">
        <button
          type="button"
          className="btn btn--sm btn--outline notify-me__open"
          aria-expanded={false}
          onClick={() => setOpen(true)}
        >
          Sold out in your size? {NOTIFY_HEADING}
        </button>
      </p>
    );
  }
  return (
    <section className="notify-me" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="notify-me__heading">
        {NOTIFY_HEADING}
      </h2>
      {notify.isSuccess ? (
        <p className="notify-me__done" role="status">
          {notify.data.message}
        </p>
      ) : (
        <form className="notify-me__form" onSubmit={onSubmit} noValidate>
          {hasOptions && soldOut.length > 1 && (
            <div className="field">
              <label htmlFor={ids.variant}>Sold out</label>
              <select id={ids.variant} value={key(selected)} onChange={(e) => setPicked(e.target.value)}>
                {soldOut.map((v) => (
                  <option key={key(v)} value={key(v)}>
                    {describeVariant(v)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {hasOptions && soldOut.length === 1 && (
            <p className="notify-me__which">Sold out: {describeVariant(selected)}</p>
          )}
          <div className="field">
            <label htmlFor={ids.email}>Your e-mail</label>
            <input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          {error && (
            <p id={ids.error} className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--outline notify-me__submit" disabled={notify.isPending}>
            {notify.isPending ? 'Saving…' : 'Notify me'}
          </button>
        </form>
      )}
    </section>
  );
}
