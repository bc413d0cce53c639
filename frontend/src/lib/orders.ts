import type { Address, OrderItem, OrderStatus } from './types';

/** Every order status, in the order an order moves through them (cancelled last). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'processing', 'shipped', 'delivered', 'cancelled'];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

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

/** The address as display lines: street; city, state postal code; country. */
export function addressLines(address: Address): string[] {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine, address.country].filter((line) => line.trim() !== '');
}
