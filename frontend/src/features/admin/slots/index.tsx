import type { ComponentType } from 'react';
import type { AdminSlotComponents } from '@/components/AdminSlot';
import { useSession } from '@/lib/session';
import { may, type Endpoint } from '@/lib/staff';
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
 * A place's tool, shown only to a role that may do what it does on the server (a packer sees
 * none). The table lives here, in the admin chunk, rather than in components/AdminSlot.tsx: the
 * shopper's first page carried it for nothing (issue 40's JavaScript budget).
 */
function offeredTo<P extends object>(endpoint: Endpoint, Tool: ComponentType<P>) {
  return function OfferedTool(props: P) {
    return may(useSession().user, endpoint) ? <Tool {...props} /> : null;
  };
}

/**
 * The admin tool of each place in the shopper pages (components/AdminSlot.tsx names the places),
 * fetched together as one chunk by app/adminSlots.ts.
 */
export const tools: Required<AdminSlotComponents> = {
  'home.collections': offeredTo('POST /api/collections', CollectionFormSlot),
  'home.releases': offeredTo('POST /api/releases', AddReleaseSlot),
  'featured.card': offeredTo('PUT /api/products/{id}/featured', RemoveFromFeaturedSlot),
  'collection.products': offeredTo('POST /api/collections/{id}/products', AddProductSlot),
  'collection.sizeGuide': offeredTo('PUT /api/collections/{id}/size-guide', SizeGuideSlot),
  'collection.card': offeredTo('DELETE /api/products/{id}', DeleteProductSlot),
  'product.featured': offeredTo('PUT /api/products/{id}/featured', FeaturedToggleSlot),
  'product.returns': offeredTo('PUT /api/admin/products/{id}/returns', ProductReturnsSlot),
  'about.form': offeredTo('PUT /api/about', AboutFormSlot),
};
