import type { AdminSlotComponents } from '@/components/AdminSlot';
import CollectionFormSlot from './CollectionFormSlot';
import AddReleaseSlot from './AddReleaseSlot';
import RemoveFromFeaturedSlot from './RemoveFromFeaturedSlot';
import AddProductSlot from './AddProductSlot';
import SizeGuideSlot from './SizeGuideSlot';
import DeleteProductSlot from './DeleteProductSlot';
import FeaturedToggleSlot from './FeaturedToggleSlot';
import AboutFormSlot from './AboutFormSlot';
import ProductReturnsSlot from './ProductReturnsSlot';

/**
 * The admin tool of each place in the shopper pages (components/AdminSlot.tsx names the places),
 * fetched together as one chunk by app/adminSlots.ts.
 */
export const tools: Required<AdminSlotComponents> = {
  'home.collections': CollectionFormSlot,
  'home.releases': AddReleaseSlot,
  'featured.card': RemoveFromFeaturedSlot,
  'collection.products': AddProductSlot,
  'collection.sizeGuide': SizeGuideSlot,
  'collection.card': DeleteProductSlot,
  'product.featured': FeaturedToggleSlot,
  'product.returns': ProductReturnsSlot,
  'about.form': AboutFormSlot,
};
