import { useEffect, useState } from 'react';
import { useSalePoll, type CounterSale } from './api';
import { formatNaira } from '@/lib/money';

/** The pay link as a QR code (a data: URL: the shop's CSP allows `img-src data:`). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // An SVG (no canvas needed, sharp at any size) as a data: URL.
    void import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return src ? (
    <img src={src} alt={label} width={280} height={280} className="counter-qr" />
  ) : (
    <span className="counter-qr counter-qr--blank" role="img" aria-label={label} />
  );
}

/**
 * A sale waiting for its pay link: the QR code for the customer's phone, and the sale asked for
 * every 2 s until it is paid (then `onPaid` shows the receipt).
 */
export function PayLinkWait({
  sale,
  onPaid,
  onCancel,
}: {
  sale: CounterSale;
  onPaid: (sale: CounterSale) => void;
  onCancel: () => void;
}) {
  const poll = useSalePoll(sale.id, true);
  const current = poll.data ?? sale;
  useEffect(() => {
    if (current.status === 'paid') onPaid(current);
  }, [current, onPaid]);
  const link = current.payLink ?? sale.payLink;
  const due = current.tenders.find((t) => t.method === 'pay_link')?.amount ?? current.total;
  return (
    <section className="counter-paylink" aria-labelledby="paylink-heading">
      <h2 id="paylink-heading" className="counter-receipt__title">
        Scan to pay {formatNaira(due)}
      </h2>
      <p className="counter-note">
        Sale {current.number}: the customer scans the code with her phone and pays there. This screen moves on by itself
        when the payment arrives.
      </p>
      {link && <QrCode text={link} label={`QR code of the pay link for sale ${current.number}`} />}
      {link && (
        <p className="counter-paylink__link">
          <a href={link} target="_blank" rel="noreferrer">
            {link}
          </a>
        </p>
      )}
      <p role="status" className="counter-paylink__status">
        {current.status === 'paid' ? 'Paid.' : 'Waiting for the payment…'}
      </p>
      <button type="button" className="btn btn--outline" onClick={onCancel}>
        Leave it and start a new sale
      </button>
    </section>
  );
}
