import { lazy } from 'react';
import type { AdminSlotComponents } from '@/components/AdminSlot';

/** All the slots' tools, in one chunk fetched only when an admin's page first shows one of them. */
const loadTools = () => import('@/features/admin/slots');

/**
 * Where each admin tool's code lives. It is fetched with a dynamic import, so the admin feature is
 * split out of the shoppers' bundle and fetched only when an admin opens a page that shows it; one
 * import for all of them keeps the shopper's first page from naming each tool's files.
 */
export const adminSlots: AdminSlotComponents = {
  'home.collections': lazy(() => loadTools().then((tools) => ({ default: tools.CollectionFormSlot }))),
  'home.releases': lazy(() => loadTools().then((tools) => ({ default: tools.AddReleaseSlot }))),
  'featured.card': lazy(() => loadTools().then((tools) => ({ default: tools.RemoveFromFeaturedSlot }))),
  'collection.products': lazy(() => loadTools().then((tools) => ({ default: tools.AddProductSlot }))),
  'collection.sizeGuide': lazy(() => loadTools().then((tools) => ({ default: tools.SizeGuideSlot }))),
  'collection.card': lazy(() => loadTools().then((tools) => ({ default: tools.DeleteProductSlot }))),
  'product.featured': lazy(() => loadTools().then((tools) => ({ default: tools.FeaturedToggleSlot }))),
  'about.form': lazy(() => loadTools().then((tools) => ({ default: tools.AboutFormSlot }))),
};
