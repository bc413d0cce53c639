/** The shop's WhatsApp number (from the page's facts, lib/site.ts) and wa.me links. */
import { readShop } from './shop';

/** The shop's WhatsApp number in international digits, or null. */
export function shopWhatsApp(): string | null {
  return readShop().whatsapp;
}

/** The shop's e-mail address, or null. */
export function shopEmail(): string | null {
  return readShop().email;
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
