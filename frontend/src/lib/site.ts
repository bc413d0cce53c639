/**
 * The element the server writes the shop's facts into (index.html's `<script id="ankara-shop"
 * type="application/json">`: name, WhatsApp number, e-mail, switching-over sentence; see whatsapp.ts).
 */
export const SHOP_ELEMENT_ID = 'ankara-shop';

/**
 * The shop's name as the merchant set it (at /setup, or `--shop-name`), read once from the facts
 * the server writes into the page; "Ankara" (the demo's) where the page carries none (vite dev, tests).
 */
function readShopName(): string {
  try {
    const text = typeof document === 'undefined' ? null : document.getElementById(SHOP_ELEMENT_ID)?.textContent;
    const name = text ? (JSON.parse(text) as { name?: unknown } | null)?.name : null;
    return typeof name === 'string' && name.trim() ? name.trim() : 'Ankara';
  } catch {
    return 'Ankara';
  }
}

export const SHOP_NAME = readShopName();

export const SOCIAL_LINKS = {
  instagram: 'https://instagram.com/ankara',
  x: 'https://x.com/ankara',
  facebook: 'https://facebook.com/ankara',
} as const;
