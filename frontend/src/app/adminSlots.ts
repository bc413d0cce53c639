import { lazy } from 'react';
import type { AdminSlotComponents } from '@/components/AdminSlot';

/**
 * Where each admin tool's code lives. Every entry is a dynamic import, so the admin feature is
 * split out of the shoppers' bundle and fetched only when an admin opens a page that shows it.
 */
export const adminSlots: AdminSlotComponents = {
  'home.collections': lazy(() => import('@/features/admin/slots/CollectionFormSlot')),
  'home.releases': lazy(() => import('@/features/admin/slots/AddReleaseSlot')),
  'featured.card': lazy(() => import('@/features/admin/slots/RemoveFromFeaturedSlot')),
  'collection.products': lazy(() => import('@/features/admin/slots/AddProductSlot')),
  'collection.sizeGuide': lazy(() => import('@/features/admin/slots/SizeGuideSlot')),
  'collection.card': lazy(() => import('@/features/admin/slots/DeleteProductSlot')),
  'product.featured': lazy(() => import('@/features/admin/slots/FeaturedToggleSlot')),
  'about.form': lazy(() => import('@/features/admin/slots/AboutFormSlot')),
};
