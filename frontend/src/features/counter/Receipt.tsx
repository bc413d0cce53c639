import { useId, useState, type FormEvent } from 'react';
import { useSendReceipt } from './api';
import { formatWhen, lineName, receiptText, whatsAppReceiptUrl, type ReceiptData } from './receipt';
import { tenderLabel } from './totals';
import { FormNotice, type Notice } from './ui';
import { TextField } from '@/components/TextField';
import { failureMessage } from '@/lib/api';
import { EMAIL_PATTERN } from '@/lib/forms';
import { formatNaira } from '@/lib/money';
import { SHOP } from '@/lib/shop';

export type Paper = 'a4' | '80mm';
/** The printer's page for each paper; only the receipt prints (print.css hides the rest). */
export const RECEIPT_PAGE: Record<Paper, string> = {
  a4: '@page { size: A4; margin: 12mm; }',
  '80mm': '@page { size: 80mm auto; margin: 3mm; }',
};
export const SEND_FAILED = 'The receipt could not be sent. Please try again.';

/** The receipt after a sale, and what to do with it: print, WhatsApp, e-mail, or the next sale. */
export function Receipt({ receipt, onNewSale }: { receipt: ReceiptData; onNewSale: () => void }) {
  const [paper, setPaper] = useState<Paper>('80mm');
  const print = (chosen: Paper) => {
    setPaper(chosen);
    // After the page rule for the paper chosen is in the document.
    window.setTimeout(() => window.print(), 0);
  };
  const shopName = SHOP.name;
  const wa = receipt.customerPhone ? whatsAppReceiptUrl(receipt.customerPhone, receiptText(shopName, receipt)) : null;
  return (
    <section className="counter-receipt" aria-labelledby="receipt-heading">
      <style>{RECEIPT_PAGE[paper]}</style>
      <h2 id="receipt-heading" className="counter-receipt__title">
        {receipt.number ? `Sale ${receipt.number} recorded` : 'Sale kept on this device'}
      </h2>
      {!receipt.number && (
        <p className="counter-note">It is sent to the shop as soon as the connection is back; its number comes then.</p>
      )}
      <ReceiptDoc receipt={receipt} paper={paper} shopName={shopName} />
      <div className="counter-actions">
        <button type="button" className="btn btn--outline" onClick={() => print('80mm')}>
          Print 80 mm
        </button>
        <button type="button" className="btn btn--outline" onClick={() => print('a4')}>
          Print A4
        </button>
        {wa ? (
          <a className="btn btn--outline" href={wa} target="_blank" rel="noreferrer">
            Send by WhatsApp
          </a>
        ) : (
          <button type="button" className="btn btn--outline" disabled title="Needs the customer's phone">
            Send by WhatsApp
          </button>
        )}
      </div>
      {receipt.id && <EmailReceipt id={receipt.id} />}
      <button type="button" className="btn btn--dark btn--block counter-new" onClick={onNewSale}>
        New sale
      </button>
    </section>
  );
}

export function ReceiptDoc({ receipt: r, paper, shopName }: { receipt: ReceiptData; paper: Paper; shopName: string }) {
  return (
    <article className={`counter-doc counter-doc--${paper} counter-receipt__doc`} aria-label="Receipt">
      <h1>{shopName || 'Receipt'}</h1>
      <p>
        {r.number ? `Receipt ${r.number}` : 'Receipt (number to follow)'} · {formatWhen(r.madeAt)}
      </p>
      <p>Served by {r.cashier}</p>
      {r.customerName && <p>Customer: {r.customerName}</p>}
      <table className="counter-receipt__lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l) => (
            <tr key={l.variantId}>
              <td>
                {lineName(l)}
                {l.sku && <span className="counter-receipt__sku"> {l.sku}</span>}
              </td>
              <td>{l.quantity}</td>
              <td>{formatNaira(l.price * l.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="counter-receipt__sums">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatNaira(r.subtotal)}</dd>
        </div>
        {r.discount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>−{formatNaira(r.discount)}</dd>
          </div>
        )}
        <div className="counter-receipt__total">
          <dt>Total</dt>
          <dd>{formatNaira(r.total)}</dd>
        </div>
        {r.tenders.map((t, i) => (
          <div key={`${t.method}-${i}`}>
            <dt>
              {tenderLabel(t)}
              {t.tendered !== null && t.method === 'cash' ? ` (given ${formatNaira(t.tendered)})` : ''}
            </dt>
            <dd>{formatNaira(t.amount)}</dd>
          </div>
        ))}
        {r.change > 0 && (
          <div>
            <dt>Change</dt>
            <dd>{formatNaira(r.change)}</dd>
          </div>
        )}
      </dl>
      <p className="counter-receipt__thanks">Thank you!</p>
    </article>
  );
}

function EmailReceipt({ id }: { id: string }) {
  const send = useSendReceipt();
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!EMAIL_PATTERN.test(email.trim()))
      return setNotice({ tone: 'error', text: 'Please enter a valid email address.' });
    send.mutate(
      { id, email: email.trim() },
      {
        onSuccess: () => setNotice({ tone: 'success', text: `Receipt sent to ${email.trim()}.` }),
        onError: (e) => setNotice({ tone: 'error', text: failureMessage(e, SEND_FAILED) }),
      },
    );
  };
  return (
    <form className="counter-email" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="visually-hidden">
        Send by e-mail
      </h3>
      <TextField label="Customer's e-mail" type="email" value={email} onValueChange={setEmail} autoComplete="off" />
      <button type="submit" className="btn btn--outline" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send by e-mail'}
      </button>
      <FormNotice notice={notice} />
    </form>
  );
}
