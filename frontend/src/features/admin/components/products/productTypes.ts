import type { components, operations } from '@/lib/api.gen';

export type ProductRow = components['schemas']['AdminProductRow'];
export type ProductQuery = NonNullable<operations['list_products']['parameters']['query']>;
export type BulkAction = components['schemas']['BulkAction'];

export const STOCK_LABELS = { 'in-stock': 'In stock', low: 'Low', 'sold-out': 'Sold out' } as const;
export const SORT_LABELS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'name-asc': 'Name A–Z',
  'name-desc': 'Name Z–A',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  'stock-asc': 'Fewest left first',
  'stock-desc': 'Most left first',
} as const;
