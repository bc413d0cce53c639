import type { useQuote } from '../api/checkout';
import { messageOf, type PaymentState } from '../lib/checkoutReducer';
import { trimValues, type CheckoutValues } from '../lib/validate';
import { QUOTE_FAILED } from './CheckoutDetailsStep';
import { PaymentWait } from './PaymentPopup';
import { PriceBreakdown } from '@/components/PriceBreakdown';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api';
import { useDeliveryOptions } from '@/lib/delivery';
import { addressLines } from '@/lib/orders';
import { asCurrency } from '@/lib/shownCurrency';

export const PAYMENT_CANCELLED = 'Payment cancelled';
export const CANCEL_EARLIER = 'Cancel that payment';
export const EARLIER_CANCELLED = 'The earlier payment was cancelled. You can pay now.';

/** The details to check before paying: where it goes (or pickup), the contact, the note. */
export function CheckoutReview({
  values,
  pickupAddress,
}: {
  values: CheckoutValues;
  pickupAddress: string | undefined;
}) {
  const pickup = values.method === 'pickup';
  // Abroad the address holds the country's ISO code: the review names the country.
  const { data: options } = useDeliveryOptions();
  const address = trimValues(values).address;
  const country = options?.countries.find((c) => c.code === address.country)?.name ?? address.country;
  return (
    <dl className="checkout__review">
      <div>
        <dt>{pickup ? 'Pick up in store' : 'Deliver to'}</dt>
        <dd>
          <span className="checkout__name">{values.customer.name}</span>
          {pickup
            ? pickupAddress && <span>{pickupAddress}</span>
            : addressLines({ ...address, country }).map((line) => <span key={line}>{line}</span>)}
        </dd>
      </div>
      <div>
        <dt>Contact</dt>
        <dd>
          <span>{values.customer.email}</span>
          <span>{values.customer.phone}</span>
        </dd>
      </div>
      {values.note?.trim() && (
        <div>
          <dt>Note</dt>
          <dd>
            <span>{values.note.trim()}</span>
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The server's figures for this bag, state, method and code (the last ones stay while the next
 * load): in dollars or pounds, the quote's charge (what is paid), else its naira breakdown.
 */
export function QuoteSummary({ quote, values }: { quote: ReturnType<typeof useQuote>; values: CheckoutValues }) {
  const shown = quote.isError ? null : quote.data;
  const charge = shown?.charge ?? null;
  const place = values.address.state.trim();
  return (
    <section className="checkout__summary" aria-labelledby="checkout-summary-heading" aria-busy={quote.isFetching}>
      <h4 id="checkout-summary-heading" className="checkout__summary-title caps">
        Summary
      </h4>
      {shown ? (
        <>
          <PriceBreakdown
            {...(charge ?? shown.breakdown)}
            currency={charge ? asCurrency(charge.currency) : 'NGN'}
            full
            method={values.method}
            code={shown.code}
            estimate={shown.deliveryEstimate}
            className="checkout__breakdown"
          />
          {values.method !== 'pickup' && shown.deliveryEstimate && (
            <p className="checkout__estimate">
              {place ? `Delivery to ${place} in ${shown.deliveryEstimate}` : `Delivery in ${shown.deliveryEstimate}`}
            </p>
          )}
        </>
      ) : quote.isError ? (
        <div role="alert">
          <p className="alert alert--error checkout__notice">{messageOf(quote.error, QUOTE_FAILED)}</p>
          {!(isApiError(quote.error) && quote.error.status === 400) && (
            <button type="button" className="btn btn--outline btn--sm" onClick={() => void quote.refetch()}>
              Try again
            </button>
          )}
        </div>
      ) : (
        <Spinner size="sm" label="Working out your total…" />
      )}
    </section>
  );
}

/** What happened to the last attempt: an error, an earlier payment in the way (and its release), a cancel, the check. */
export function PaymentNotices({ payment, onRelease }: { payment: PaymentState; onRelease: () => void }) {
  const inTheWay = payment.status === 'blocked' || payment.status === 'releasing';
  return (
    <>
      <div role="alert" className="checkout__notice-region">
        {payment.status === 'error' && <p className="alert alert--error checkout__notice">{payment.message}</p>}
        {inTheWay && <p className="alert alert--warning checkout__notice">{payment.message}</p>}
        {payment.status === 'blocked' && payment.problem && (
          <p className="alert alert--error checkout__notice">{payment.problem}</p>
        )}
      </div>
      {inTheWay && (
        <button
          type="button"
          className="btn btn--outline btn--sm checkout__release"
          disabled={payment.status === 'releasing'}
          aria-busy={payment.status === 'releasing'}
          onClick={onRelease}
        >
          {payment.status === 'releasing' && <Spinner size="sm" label="Cancelling the earlier payment…" />}
          {CANCEL_EARLIER}
        </button>
      )}
      <div role="status" className="checkout__notice-region">
        {payment.status === 'cancelled' && <p className="alert alert--info checkout__notice">{PAYMENT_CANCELLED}</p>}
        {payment.status === 'released' && <p className="alert alert--info checkout__notice">{EARLIER_CANCELLED}</p>}
        {payment.status === 'verifying' && <PaymentWait>Confirming your payment…</PaymentWait>}
      </div>
    </>
  );
}
