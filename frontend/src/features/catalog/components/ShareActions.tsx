import { useState } from 'react';
import { productMessage, shopWhatsApp, whatsAppUrl } from '@/lib/whatsapp';
import './ShareActions.css';

export const LINK_COPIED = 'Link copied';
export const COPY_FAILED = "Couldn't copy the link. Copy it from the address bar.";

type Props = {
  product: { id: string; name: string };
  /** The size and colour chosen so far, named in the WhatsApp message. */
  choice: { size?: string | null; color?: string | null };
};

/** The product's own address, to send to someone. */
export function productUrl(id: string, origin: string = window.location.origin): string {
  return `${origin}/product/${encodeURIComponent(id)}`;
}

/**
 * Under a product's buttons: "Ask on WhatsApp" (when the shop has a number) with a message naming
 * the product, the size and colour chosen and its address; and Share — the phone's share sheet
 * where there is one (Web Share API), else the link copied.
 */
export function ShareActions({ product, choice }: Props) {
  const [copied, setCopied] = useState<string | null>(null);
  const url = productUrl(product.id);
  const ask = whatsAppUrl(shopWhatsApp(), productMessage(product.name, url, choice));

  const share = async () => {
    setCopied(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: product.name, url });
        return;
      } catch (error) {
        // Closed by the shopper: nothing to say. Refused (no permission): copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(LINK_COPIED);
    } catch {
      setCopied(COPY_FAILED);
    }
  };

  return (
    <div className="share-actions">
      {ask && (
        <a
          href={ask}
          className="btn btn--outline btn--sm share-actions__whatsapp"
          target="_blank"
          rel="noopener noreferrer"
        >
          Ask on WhatsApp
        </a>
      )}
      <button type="button" className="btn btn--outline btn--sm" onClick={() => void share()}>
        Share
      </button>
      <span role="status" className="share-actions__status">
        {copied}
      </span>
    </div>
  );
}
