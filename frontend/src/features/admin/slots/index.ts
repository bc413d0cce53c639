/** The admin tools of the shopper pages' slots (app/adminSlots.ts), fetched together as one chunk. */
export { default as CollectionFormSlot } from './CollectionFormSlot';
export { default as AddReleaseSlot } from './AddReleaseSlot';
export { default as RemoveFromFeaturedSlot } from './RemoveFromFeaturedSlot';
export { default as AddProductSlot } from './AddProductSlot';
export { default as SizeGuideSlot } from './SizeGuideSlot';
export { default as DeleteProductSlot } from './DeleteProductSlot';
export { default as FeaturedToggleSlot } from './FeaturedToggleSlot';
export { default as AboutFormSlot } from './AboutFormSlot';
