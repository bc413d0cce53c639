import type { ReactNode, RefObject } from 'react';
import type { PaymentMethod, useApplyCode, useQuote } from '../api/checkout';
import { isBusy, messageOf, type CheckoutAction, type CheckoutState } from '../lib/checkoutReducer';
import { heldUntilText } from '../lib/heldUntil';
import { CheckoutReview, PaymentNotices, QuoteSummary } from './CheckoutPaymentParts';
import { QUOTE_FAILED } from './CheckoutDetailsStep';
import { DiscountCode } from './DiscountCode';
import { PaymentChoice } from './PaymentChoice';
import { SandboxPayment } from './PaymentPopup';
import { TenderChoice } from './TenderChoice';
import type { CheckoutPayment, Tender } from './useCheckoutPayment';
import { Spinner } from '@/components/Spinner';
import { formatMoney, formatNaira, SYMBOLS, type Currency } from '@/lib/money';
import { asCurrency } from '@/lib/shownCurrency';

type PaymentStepProps = {
  state: Extract<CheckoutState, { step: 'payment' }>;
  send: (action: CheckoutAction) => boolean;
  payment: CheckoutPayment;
  quote: ReturnType<typeof useQuote>;
  /** The shopper's currency and the address's country (ISO code), as the quote was asked for. */
  money: { currency: Currency; country: string };
  tryCode: ReturnType<typeof useApplyCode>['mutateAsync'];
  pickupAddress: string | undefined;
  sandbox: boolean;
  /** "Pay now" or "Pay on delivery" as chosen (kept while the details are edited). */
  paymentMethod: PaymentMethod;
  setPaymentMethod: (method: PaymentMethod) => void;
  blocked: boolean;
  blockedNote: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  payRef: RefObject<HTMLButtonElement | null>;
  /** Store credit and a gift card, as chosen (Pay now only). */
  tender: Tender;
  setTender: (tender: Tender) => void;
};

/** "Card payment in naira through Paystack." ("in £ GBP" for a shopper paying in pounds). */
export function secureText(currency: Currency): string {
  return `Card payment in ${currency === 'NGN' ? 'naira' : `${SYMBOLS[currency]} ${currency}`} through Paystack.`;
}

/** "Place order, pay ₦87,550.00 on delivery" ("at pickup"). */
export function placeOrderLabel(total: number, pickup: boolean): string {
  return `Place order, pay ${formatNaira(total)} ${pickup ? 'at pickup' : 'on delivery'}`;
}

/**
 * Step 2 of 2: the details to check, a code, the server's total, how to pay, what happened to the
 * last attempt, and "Pay ₦…" (or "Place order" when paying on delivery).
 */
export function CheckoutPaymentStep(props: PaymentStepProps) {
  const { state, send, quote, blocked, blockedNote, headingRef, payRef, paymentMethod, setPaymentMethod, money } =
    props;
  const { values: chosen, payment, code } = state;
  const busy = isBusy(payment);
  const priced = quote.data && !quote.isPlaceholderData && !quote.isError ? quote.data : null;
  const shown = quote.isError ? null : quote.data;
  // In dollars or pounds, the quote's charge is what is paid (and what the start is checked against);
  // pay on delivery, gift cards and store credit are naira's only.
  const charge = priced?.charge ?? null;
  const foreign = money.currency !== 'NGN';
  const chargeCurrency: Currency = charge ? asCurrency(charge.currency) : 'NGN';
  const total = charge ? charge.total : (priced?.breakdown.total ?? 0);
  const pickup = chosen.method === 'pickup';
  const heldUntil = payment.status === 'popup' ? heldUntilText(payment.start.expiresAt) : null;
  // The choice stands only while the server offers it for this order (a code or a new total may change that).
  const offer = foreign ? null : (shown?.payOnDelivery ?? null);
  const method: PaymentMethod = offer?.offered ? paymentMethod : 'paystack';
  const later = method === 'pay_on_delivery';
  const tender = later || foreign ? { useCredit: false, giftCard: null } : props.tender;
  // What Paystack is asked for after store credit and a gift card (0: the order is paid at once).
  const toPay = charge ? charge.total : (priced?.toPay ?? total);

  const tryCard = async (typed: string): Promise<string | null> => {
    try {
      const request = {
        ...money,
        state: chosen.address.state.trim(),
        method: chosen.method,
        code,
        useCredit: tender.useCredit,
        giftCard: typed,
      };
      await props.tryCode(request);
      props.setTender({ ...tender, giftCard: typed });
      return null;
    } catch (error) {
      return messageOf(error, QUOTE_FAILED);
    }
  };

  const apply = async (typed: string): Promise<string | null> => {
    try {
      const answer = await props.tryCode({
        ...money,
        state: chosen.address.state.trim(),
        method: chosen.method,
        code: typed,
        useCredit: tender.useCredit,
        giftCard: tender.giftCard,
      });
      send({ type: 'code', code: answer.code ?? typed });
      return null;
    } catch (error) {
      return messageOf(error, QUOTE_FAILED);
    }
  };
  return (
    <section className="checkout" aria-labelledby="checkout-heading" aria-busy={busy}>
      <p className="checkout__step">Step 2 of 2</p>
      <h3 id="checkout-heading" ref={headingRef} tabIndex={-1} className="checkout__title focus-target">
        Payment
      </h3>
      <CheckoutReview values={chosen} pickupAddress={props.pickupAddress} />
      <button
        type="button"
        className="btn btn--outline btn--sm checkout__edit"
        disabled={busy}
        onClick={() => send({ type: 'edit' })}
      >
        Edit details
      </button>
      <DiscountCode
        applied={code}
        onApply={apply}
        onRemove={() => send({ type: 'code', code: null })}
        disabled={busy}
      />
      <QuoteSummary quote={quote} values={chosen} />
      {!later && !foreign && (
        <TenderChoice
          quote={shown ?? null}
          tender={tender}
          onChange={props.setTender}
          onTryCard={tryCard}
          disabled={busy}
        />
      )}
      {offer && (offer.offered || offer.reason) && (
        <PaymentChoice
          offer={offer}
          pickup={pickup}
          value={offer.offered ? paymentMethod : 'paystack'}
          onChange={setPaymentMethod}
          disabled={busy}
        />
      )}
      {blockedNote}
      <PaymentNotices payment={payment} onRelease={() => void props.payment.release()} />
      <button
        ref={payRef}
        type="button"
        className="btn btn--primary btn--block checkout__pay"
        // Not while the total is being checked again: the shopper pays the total they see.
        disabled={busy || !priced || total <= 0 || blocked || quote.isFetching}
        aria-describedby={blocked ? 'checkout-blocked' : undefined}
        aria-busy={payment.status === 'starting'}
        onClick={() => void props.payment.pay(chosen, code, total, method, tender, money.currency)}
      >
        {payment.status === 'starting' && (
          <Spinner size="sm" label={later ? 'Placing your order…' : 'Starting payment…'} />
        )}
        {later
          ? placeOrderLabel(total, pickup)
          : priced && toPay === 0
            ? 'Place order'
            : priced
              ? `Pay ${formatMoney(toPay, chargeCurrency)}`
              : 'Pay'}
      </button>
      <div role="status" className="checkout__held-region">
        {heldUntil && <p className="checkout__held">{heldUntil}</p>}
      </div>
      <p className="checkout__secure">
        {later
          ? `Nothing to pay now: pay ${pickup ? 'at pickup' : 'the rider'} in cash, by transfer or POS.`
          : props.sandbox
            ? 'Test mode: pay with a test card, transfer or USSD; no money moves.'
            : secureText(chargeCurrency)}
      </p>
      {payment.status === 'popup' && (
        <SandboxPayment
          start={payment.start}
          heldUntil={heldUntil}
          outcome={{
            onSuccess: (reference, sentLater) => void props.payment.verify(reference, sentLater),
            onCancel: props.payment.cancelled,
          }}
        />
      )}
    </section>
  );
}
