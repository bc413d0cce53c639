// What the order screen's tests share: the order's id, the screen at its address, refunds as the
// API lists them, and the JSON bodies the screen sent.
import { Route } from 'wouter';
import AdminOrderPage from '../routes/AdminOrderPage';
import type { AdminOrder, Order, OrderStatus, PackingOrder, SessionUser } from '@/lib/types';
import { order } from '@/test/fixtures';
import { admin, renderWithProviders, type mockFetch } from '@/test/utils';

export const ORDER_ID = 'a1b2c3d4e5f6g7h8';

/** The admin order screen of ORDER_ID, signed in as an admin (or `user`). */
export function renderAdminOrder(user: SessionUser = admin) {
  return renderWithProviders(
    <Route path="/admin/orders/:id">
      <AdminOrderPage />
    </Route>,
    { path: `/admin/orders/${ORDER_ID}`, session: { user } },
  );
}

/** The statuses the server lets an owner or manager move an order to, by its status now. */
export const NEXT: Record<OrderStatus, OrderStatus[]> = {
  placed: ['processing', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refused: [],
};

/**
 * An order as the server answers an owner or manager: all of it, the moves its status allows, what
 * is left to refund, and the units of each line still off sale (all of them unless `restockable`).
 */
export function fullOrder(overrides: Partial<Order> & { restockable?: number[] } = {}) {
  const o = order(overrides);
  return {
    ...o,
    view: 'full',
    userId: 'u1',
    payLinks: [],
    nextStatuses: NEXT[o.status],
    refundable: o.totalAmount - o.refunded - o.refundPending,
    restockable: overrides.restockable ?? o.items.map((item) => item.quantity),
  };
}

/** An order as the server answers a packer: what packing and shipping need, and nothing of money or e-mail. */
export function packingOrder(overrides: Partial<Order> = {}): PackingOrder {
  const o = order({ id: ORDER_ID, ...overrides });
  return {
    view: 'packing',
    id: o.id,
    number: o.number,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    status: o.status,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
    items: o.items.map(({ productId, variantId, name, quantity, size, color }) => ({
      productId,
      variantId,
      name,
      quantity,
      size,
      color,
    })),
    trackingNumber: o.trackingNumber ?? null,
    shippedBy: o.shippedBy ?? null,
    deliveryAddress: o.deliveryAddress,
    deliveryMethod: o.deliveryMethod,
    deliveryEstimate: o.deliveryEstimate,
    oversold: o.oversold,
    source: o.source,
    customerNote: o.customerNote ?? null,
    // A packer moves an order along but never cancels it.
    nextStatuses: o.status === 'processing' ? ['shipped'] : o.status === 'paid' ? ['processing'] : [],
    internalNote: null,
    skus: o.items.map(() => null),
  };
}

/** The JSON bodies of the requests sent with `method`, in order. */
export function sentBodies(fetch: ReturnType<typeof mockFetch>, method: string): unknown[] {
  return fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(init!.body as string) as unknown);
}

type Refund = AdminOrder['refunds'][number];

let next = 1;

/** A refund as the API lists it: pending unless told, made on 6 March 2025. */
export function refund(overrides: Partial<Refund> = {}): Refund {
  const id = `rf-${next++}`;
  return {
    id,
    amount: 500_000,
    amountAbroad: null,
    reason: 'Size 42 sold out',
    status: 'pending',
    failureReason: null,
    restocked: 0,
    createdAt: Date.UTC(2025, 2, 6, 9, 30),
    updatedAt: Date.UTC(2025, 2, 6, 9, 30),
    ...overrides,
  };
}
