import type { OrderStatus } from '@/lib/types';

/**
 * The back office's queries, by what they hold. Kept apart from lib/queryKeys.ts (the shoppers'),
 * so the first page's code does not carry them; they all start with 'admin', which
 * lib/queryKeys.ts's isPublicQuery counts as the signed-in user's (dropped when the user changes).
 */
export const adminKeys = {
  orders: {
    all: ['admin', 'orders'] as const,
    lists: ['admin', 'orders', 'list'] as const,
    list: (
      status: OrderStatus | null,
      page: number,
      special: 'oversold' | 'failed-refund' | 'code-over-limit' | null = null,
      q = '',
    ) =>
      special
        ? (['admin', 'orders', 'list', special, page, q] as const)
        : (['admin', 'orders', 'list', status ?? 'all', page, q] as const),
    detail: (id: string) => ['admin', 'orders', 'detail', id] as const,
  },
  payments: ['admin', 'payments', 'review'] as const,
  /** Gift cards (GET /api/admin/gift-cards). */
  giftCards: ['admin', 'gift-cards'] as const,
  /** The shop's riders (GET /api/admin/riders) and one order's delivery. */
  riders: ['admin', 'riders'] as const,
  delivery: (orderId: string) => ['admin', 'orders', 'delivery', orderId] as const,
  /** One order's courier booking (GET /api/admin/orders/{id}/shipment). */
  shipment: (orderId: string) => ['admin', 'orders', 'shipment', orderId] as const,
  /** The signed-in rider's round (GET /api/rider/deliveries). */
  round: ['admin', 'round'] as const,
  messages: ['admin', 'contact-messages'] as const,
  /** SMS and WhatsApp settings (GET/PUT /api/admin/messages). */
  orderUpdates: ['admin', 'order-updates'] as const,
  /** One order's SMS and WhatsApp messages. */
  orderMessages: (id: string) => ['admin', 'orders', 'messages', id] as const,
  /** Mail that failed for good (GET /api/admin/mail/failed). */
  failedMail: ['admin', 'mail', 'failed'] as const,
  stock: {
    all: ['admin', 'stock'] as const,
    list: (show: string, q: string) => ['admin', 'stock', show, q] as const,
  },
  discounts: ['admin', 'discounts'] as const,
  /** Reviews to moderate: every list (by filter and page) under one prefix. */
  returns: {
    all: ['admin', 'returns'] as const,
    list: (status: string) => ['admin', 'returns', status] as const,
  },
  reviews: {
    all: ['admin', 'reviews'] as const,
    list: (show: string, page: number) => ['admin', 'reviews', show, page] as const,
  },
  dashboard: ['admin', 'dashboard'] as const,
  /** The merchant's settings (GET/PATCH /api/admin/settings). */
  settings: ['admin', 'settings'] as const,
  /** A product's fixed prices abroad (GET /api/admin/products/{id}/fixed-prices). */
  fixedPrices: (productId: string) => ['admin', 'products', 'fixed-prices', productId] as const,
  brand: ['admin', 'brand'] as const,
  home: ['admin', 'home'] as const,
  /** The merchant's search words (GET/PUT /api/admin/search/synonyms). */
  searchWords: ['admin', 'search-words'] as const,
  /** The catalogue feeds (GET /api/admin/feeds). */
  feeds: ['admin', 'feeds'] as const,
  /** Customers: every search and page under one prefix, and one customer's page. */
  customers: {
    all: ['admin', 'customers'] as const,
    list: (q: string, page: number) => ['admin', 'customers', 'list', q, page] as const,
    detail: (key: string) => ['admin', 'customers', 'detail', key] as const,
  },
  /** The New order form's product search (the catalogue with its stock, for one search). */
  orderProducts: (q: string) => ['admin', 'new-order', 'products', q] as const,
  /** Staff and their roles (owners only). */
  staff: ['admin', 'staff'] as const,
  /** The activity log, by subject (owners only). */
  activity: {
    all: ['admin', 'activity'] as const,
    list: (subject: string) => ['admin', 'activity', subject] as const,
  },
};
