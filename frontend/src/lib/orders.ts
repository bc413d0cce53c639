import { formatNaira, SYMBOLS } from './money';
import { asCurrency } from './shownCurrency';
import type { components } from './api.gen';
import type { Address, DeliveryMethod, OrderItem, OrderStatus, PaymentMethod } from './types';

/**
 * Every order status, in the order an order moves through them: placed (a pay-on-delivery order
 * before processing) or paid first, the two ways it ends badly last.
 */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refused',
];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Placed',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refused: 'Refused at delivery',
};

/** Whether an order stopped short of its customer (no progress steps to show). */
export function isStopped(status: OrderStatus): boolean {
  return status === 'cancelled' || status === 'refused';
}

/**
 * The steps an order goes through, in order: a pay-on-delivery order starts placed (paid when its
 * money is collected), any other paid.
 */
export function orderSteps(order: { status: OrderStatus; paymentMethod?: PaymentMethod }): OrderStatus[] {
  const first = order.status === 'placed' || order.paymentMethod === 'pay_on_delivery' ? 'placed' : 'paid';
  return [first, 'processing', 'shipped', 'delivered'];
}

/**
 * What a shopper still has to pay for a pay-on-delivery order, or null when nothing:
 * "Pay on delivery — ₦87,550.00 to pay when it arrives" ("Pay at pickup — … when you pick it up";
 * once delivered, "… not paid yet").
 */
export function toPayText(order: {
  paymentMethod?: PaymentMethod;
  toCollect?: number;
  deliveryMethod?: DeliveryMethod;
  status: OrderStatus;
}): string | null {
  if (order.paymentMethod !== 'pay_on_delivery' || !order.toCollect || isStopped(order.status)) return null;
  const amount = formatNaira(order.toCollect);
  const way = order.deliveryMethod === 'pickup' ? 'Pay at pickup' : 'Pay on delivery';
  if (order.status === 'delivered') return `${way} — ${amount} not paid yet`;
  return order.deliveryMethod === 'pickup'
    ? `${way} — ${amount} to pay when you pick it up`
    : `${way} — ${amount} to pay when it arrives`;
}

/** An order's confirmation, as its answers carry it (pay on delivery from a new customer). */
type Confirmable = {
  confirmation?: { channel: 'phone' | 'email'; expiresAt: number; confirmedAt?: number | null } | null;
};

/** Whether the order still waits for its confirmation (a call from the shop, or the customer's code). */
export function awaitsConfirmation(order: Confirmable & { status: OrderStatus }): boolean {
  return order.status === 'placed' && Boolean(order.confirmation) && !order.confirmation?.confirmedAt;
}

/**
 * What the customer is told while her order waits: "We'll call you to confirm this order." or
 * "Confirm this order with the code we e-mailed you.", with when it lapses.
 */
export function confirmationText(order: Confirmable & { status: OrderStatus }): string | null {
  if (!awaitsConfirmation(order) || !order.confirmation) return null;
  const by = new Date(order.confirmation.expiresAt).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return order.confirmation.channel === 'phone'
    ? `We'll call you to confirm this order before we prepare it. Unconfirmed by ${by}, it is cancelled.`
    : `Confirm this order with the code we e-mailed you. Unconfirmed by ${by}, it is cancelled.`;
}

/** Paystack's channel names as a sentence ends them: "Paid by bank transfer". */
const CHANNEL_WORDS: Record<string, string> = {
  card: 'card',
  bank: 'bank account',
  ussd: 'USSD',
  bank_transfer: 'bank transfer',
  qr: 'QR code',
  mobile_money: 'mobile money',
};

/** "Paid by bank transfer", or null when the channel is not known. */
export function paidByText(channel: string | null | undefined): string | null {
  if (!channel) return null;
  return `Paid by ${CHANNEL_WORDS[channel] ?? channel.replace(/_/g, ' ')}`;
}

/** How many units an order holds (its lines' quantities added up). */
export function unitCount(order: { items: ReadonlyArray<{ quantity: number }> }): number {
  return order.items.reduce((n, item) => n + item.quantity, 0);
}

/**
 * "Order #K7M2QX9A": the order's number, the 8 characters a shopper reads out (the spec's "first 8
 * characters of the id"; the server now gives each order a short number without look-alikes).
 */
export function orderTitle(order: { number: string }): string {
  return `Order #${order.number}`;
}

/** "Size: 42 · Colour: Black", or null when the line has neither. */
export function itemOptions(item: Pick<OrderItem, 'size' | 'color'>): string | null {
  const parts = [item.size && `Size: ${item.size}`, item.color && `Colour: ${item.color}`].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The address as display lines: street; city, state postal code; country; "Landmark: …" when given. */
export function addressLines(address: Address): string[] {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const landmark = address.landmark?.trim() ? `Landmark: ${address.landmark.trim()}` : '';
  return [address.street, cityLine, address.country, landmark].filter((line) => line.trim() !== '');
}

/** When an order's step happened, in Lagos time: "Sat 28 Nov, 10:42 am". */
export function eventTime(ms: number): string {
  return new Date(ms).toLocaleString('en-NG', {
    timeZone: 'Africa/Lagos',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A step of the tracking page's history, in the customer's words. */
export function eventText(status: OrderStatus, rider: string | null | undefined): string {
  switch (status) {
    case 'placed':
      return 'Order placed';
    case 'paid':
      return 'Payment received';
    case 'processing':
      return 'Being prepared';
    case 'shipped':
      return rider ? `Out for delivery with ${rider}` : 'Shipped';
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    case 'refused':
      return 'Refused at delivery';
  }
}

/** What a foreign order charged (minor units; `rate`: kobo per one unit); null for a naira order. */
export type Charged = components['schemas']['Charge'];

/**
 * The naira equivalent of an order paid in dollars or pounds, once, with the rate it was charged
 * at: "₦45,980.00 at ₦2,000.00 per £1".
 */
export function nairaEquivalentText(totalKobo: number, charged: Pick<Charged, 'currency' | 'rate'>): string {
  return `${formatNaira(totalKobo)} at ${formatNaira(charged.rate)} per ${SYMBOLS[asCurrency(charged.currency)]}1`;
}
