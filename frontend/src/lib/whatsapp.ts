/**
 * The shop's WhatsApp number and wa.me links. The server writes the shop's own facts into
 * index.html (`<script id="ankara-shop" type="application/json">{"whatsapp": "2348035550100",
 * "email": "shop@…"}`, the number in international digits or null when the shop has none, and the
 * shop's e-mail); they are read once.
 */
import { SHOP_ELEMENT_ID } from './site';

export { SHOP_ELEMENT_ID };

export type ShopFacts = { whatsapp: string | null; email: string | null };

/** The shop's facts from a document; a missing or unreadable element (vite dev) means none. */
export function readShopFacts(doc: Document = document): ShopFacts {
  const text = doc.getElementById(SHOP_ELEMENT_ID)?.textContent;
  if (!text) return { whatsapp: null, email: null };
  try {
    const parsed = JSON.parse(text) as { whatsapp?: unknown; email?: unknown } | null;
    const digits = typeof parsed?.whatsapp === 'string' ? parsed.whatsapp.replace(/\D/g, '') : '';
    const email = typeof parsed?.email === 'string' && parsed.email.includes('@') ? parsed.email : null;
    return { whatsapp: digits.length > 0 ? digits : null, email };
  } catch {
    return { whatsapp: null, email: null };
  }
}

let facts: ShopFacts | null = null;

/** The shop's WhatsApp number in international digits, or null; read from the page once. */
export function shopWhatsApp(): string | null {
  facts ??= readShopFacts();
  return facts.whatsapp;
}

/** The shop's e-mail address, or null; read from the page once. */
export function shopEmail(): string | null {
  facts ??= readShopFacts();
  return facts.email;
}

/**
 * A number in international digits (or E.164) as people read it: a Nigerian one "+234 803 555
 * 0100", any other "+" and its digits.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const nigerian = /^234(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (nigerian) return `+234 ${nigerian[1]} ${nigerian[2]} ${nigerian[3]}`;
  return digits ? `+${digits}` : phone;
}

/** For tests: forget the facts read, so the next call reads the page again. */
export function resetShopFacts(): void {
  facts = null;
}

/**
 * `https://wa.me/2348035550100?text=…`: a chat with the number (international digits; spaces, a
 * leading + and dashes are dropped), the message filled in. Null without a number.
 */
export function whatsAppUrl(phone: string | null | undefined, text?: string): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const message = text?.trim();
  return message ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : `https://wa.me/${digits}`;
}

/** "Hello! I'd like to ask about Adire Maxi Dress (size M, colour Indigo): https://…". */
export function productMessage(
  name: string,
  url: string,
  choice: { size?: string | null; color?: string | null } = {},
): string {
  const parts = [choice.size && `size ${choice.size}`, choice.color && `colour ${choice.color}`].filter(Boolean);
  const chosen = parts.length > 0 ? ` (${parts.join(', ')})` : '';
  return `Hello! I'd like to ask about ${name}${chosen}: ${url}`;
}

/** "Hello! I have a question about my order #K7M2QX9A." */
export function orderMessage(number: string): string {
  return `Hello! I have a question about my order #${number}.`;
}
