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

/** "Order #1a2b3c4d": the first 8 characters of the id (SPEC section 2, My Orders). */
export function orderTitle(id: string): string {
  return `Order #${id.slice(0, 8)}`;
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
