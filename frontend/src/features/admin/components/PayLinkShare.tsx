import { useEffect, useId, useRef, useState } from 'react';
import { payLinkMessage, whatsAppLink } from '../lib/whatsapp';
import { formatNaira } from '@/lib/money';
import { SHOP_NAME } from '@/lib/site';
import './PayLinkShare.css';

type PayLinkShareProps = {
  url: string;
  /** The customer's phone, as typed: the WhatsApp chat to open. */
  phone: string;
  orderNumber: string;
  /** Kobo the link asks for. */
  amount: number;
};

export const COPIED = 'Link copied.';
export const COPY_FAILED = 'Could not copy: select the link and copy it.';

/** A pay link to hand over: the address, Copy, and "Send on WhatsApp" with the message typed in. */
export function PayLinkShare({ url, phone, orderNumber, amount }: PayLinkShareProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => setCopied(null), [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(COPIED);
    } catch {
      // No clipboard (an http page, a refused permission): leave the link selected to copy by hand.
      input.current?.select();
      setCopied(COPY_FAILED);
    }
  };

  return (
    <div className="pay-link-share">
      <label htmlFor={id} className="field__label">
        Pay link for {formatNaira(amount)}
      </label>
      <input
        ref={input}
        id={id}
        className="field__input pay-link-share__url"
        readOnly
        value={url}
        onFocus={(e) => e.target.select()}
      />
      <div className="pay-link-share__actions">
        <button type="button" className="btn btn--outline btn--sm" onClick={() => void copy()}>
          Copy link
        </button>
        <a
          className="btn btn--primary btn--sm pay-link-share__whatsapp"
          href={whatsAppLink(phone, payLinkMessage(SHOP_NAME, orderNumber, amount, url))}
          target="_blank"
          rel="noopener noreferrer"
        >
          Send on WhatsApp
        </a>
      </div>
      <p className="pay-link-share__status" role="status">
        {copied}
      </p>
    </div>
  );
}
