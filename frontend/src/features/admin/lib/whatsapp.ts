import { formatNaira } from '@/lib/money';

/**
 * A phone number as WhatsApp's wa.me links want it: international digits, no "+", no spaces.
 * Nigerian numbers are usually written the local way ("0803 555 0100"): the trunk 0 becomes 234.
 * "+234 803…" and "00234 803…" keep their country code. Null when there are too few digits to be
 * a number (then the link opens WhatsApp without a chat, for the merchant to pick one).
 */
export function whatsAppNumber(phone: string): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    // Already international.
  } else if (digits.startsWith('00')) {
    digits = digits.slice(2);
  } else if (digits.startsWith('0') && digits.length === 11) {
    digits = `234${digits.slice(1)}`;
  }
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/** What the merchant sends with a pay link: the shop, the order, what to pay and where. */
export function payLinkMessage(shop: string, orderNumber: string, amount: number, link: string): string {
  return `Hello from ${shop}! Your order #${orderNumber} is ready. Please pay ${formatNaira(amount)} here: ${link}`;
}

/**
 * "Send on WhatsApp": https://wa.me/<international digits>?text=<message>, which opens the chat
 * with the customer and the message typed in, ready to send.
 */
export function whatsAppLink(phone: string, message: string): string {
  const number = whatsAppNumber(phone) ?? '';
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
