import { Link } from 'wouter';
import type { PayPage } from '../api/payLink';
import { trackingPath } from './CheckoutScope';
import { PaymentWait } from './PaymentPopup';
import { OrderItemList } from '@/components/OrderItemList';
import { PriceBreakdown, orderPrices } from '@/components/PriceBreakdown';
import { Spinner } from '@/components/Spinner';
import { formatNaira } from '@/lib/money';
import { orderMessage, shopWhatsApp, whatsAppUrl } from '@/lib/whatsapp';

export const LINK_PAID = 'This link has been paid. Thank you!';
export const LINK_EXPIRED = 'This pay link has expired. Please ask the shop for a new one.';
export const LINK_CANCELLED = 'This pay link was cancelled. Please ask the shop for a new one.';
/** Where "Pay" stood while the money is on its way. */
export const MONEY_ON_ITS_WAY = 'Your payment is on its way. This page updates when it arrives.';

/** "Pay by 14:35, 27 Nov" in Lagos time. */
const lagosDateTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: 'numeric',
  month: 'short',
  hourCycle: 'h23',
  timeZone: 'Africa/Lagos',
});

/** What this link asks for, in a sentence: a deposit, the balance, or the whole order. */
export function askText(page: Pick<PayPage, 'link' | 'totalAmount'>): string {
  const amount = formatNaira(page.link.amount);
  if (page.link.purpose === 'deposit')
    return `This link asks for a deposit of ${amount} (of ${formatNaira(page.totalAmount)}).`;
  if (page.link.purpose === 'balance') return `This link asks for the balance: ${amount}.`;
  return `This link asks for the whole order: ${amount}.`;
}

/** "Contact the shop": WhatsApp when the shop has a number, else the contact page. */
function ContactShop({ number }: { number: string }) {
  const url = whatsAppUrl(shopWhatsApp(), orderMessage(number));
  return url ? (
    <a href={url} className="btn btn--outline btn--block pay-link__contact" target="_blank" rel="noopener noreferrer">
      Message the shop on WhatsApp
    </a>
  ) : (
    <Link href="/contact" className="btn btn--outline btn--block pay-link__contact">
      Contact the shop
    </Link>
  );
}

type PayLinkCardProps = {
  data: PayPage;
  /** The money of a payment is on its way: no second payment meanwhile. */
  waiting: boolean;
  busy: boolean;
  starting: boolean;
  onPay: () => void;
};

/** What the link asks for and its Pay button; or that it was paid, or has ended, with the shop's contact. */
export function PayLinkCard({ data, waiting, busy, starting, onPay }: PayLinkCardProps) {
  const link = data.link;
  const open = link.status === 'open' && data.status !== 'cancelled';
  const alreadyPaid = data.paid > 0 && <p className="pay-link__paid">Already paid: {formatNaira(data.paid)}</p>;
  const heading = (text: string) => (
    <h2 id="pay-link-state" className="pay-link__ask">
      {text}
    </h2>
  );
  return (
    <section className="pay-link__card" aria-labelledby="pay-link-state">
      {open ? (
        <>
          {heading(askText(data))}
          {alreadyPaid}
          <p className="pay-link__expires">Pay by {lagosDateTime.format(new Date(link.expiresAt))} (Lagos time)</p>
          {waiting ? (
            // Not a second payment while the first one's money is on its way.
            <PaymentWait className="pay-link__waiting">{MONEY_ON_ITS_WAY}</PaymentWait>
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--block pay-link__pay"
              disabled={busy}
              aria-busy={starting}
              onClick={onPay}
            >
              {starting && <Spinner size="sm" label="Starting payment…" />}
              Pay {formatNaira(link.amount)}
            </button>
          )}
          <p className="checkout__secure">
            {data.mode === 'sandbox'
              ? 'Test mode: pay with a test card, transfer or USSD; no money moves.'
              : 'Pay by card, bank transfer or USSD through Paystack.'}
          </p>
        </>
      ) : link.status === 'paid' ? (
        <>
          {heading(LINK_PAID)}
          <p className="pay-link__paid">
            Paid {formatNaira(data.paid)}
            {data.balance > 0 ? ` — Part paid, ${formatNaira(data.balance)} balance` : ' — paid in full'}
          </p>
          <p className="pay-link__order">
            <strong>Order #{data.number}</strong>{' '}
            <Link href={trackingPath(data.number)} className="pay-link__track">
              Track your order
            </Link>
          </p>
          <ContactShop number={data.number} />
        </>
      ) : (
        <>
          {heading(link.status === 'expired' ? LINK_EXPIRED : LINK_CANCELLED)}
          {alreadyPaid}
          <ContactShop number={data.number} />
        </>
      )}
    </section>
  );
}

/** The order the link is for: its items, its figures, where it goes and what is paid. */
export function PayLinkSummary({ data }: { data: PayPage }) {
  return (
    <section className="pay-link__summary" aria-labelledby="pay-link-summary">
      <h2 id="pay-link-summary" className="pay-link__subtitle">
        Your order
      </h2>
      <OrderItemList items={data.items} label={`Items in Order #${data.number}`} />
      <PriceBreakdown {...orderPrices(data)} full className="pay-link__breakdown" />
      <dl className="pay-link__facts">
        <div>
          <dt>{data.deliveryMethod === 'pickup' ? 'Collection' : 'Deliver to'}</dt>
          <dd>{data.deliverTo ?? 'Pick up in store'}</dd>
        </div>
        <div>
          <dt>Paid so far</dt>
          <dd>{formatNaira(data.paid)}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd>{formatNaira(data.balance)}</dd>
        </div>
        {data.customerNote && (
          <div>
            <dt>Your note</dt>
            <dd>{data.customerNote}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
