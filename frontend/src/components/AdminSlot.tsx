import { Component, Suspense, createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { useSession } from '@/lib/session';
import { may } from '@/lib/staff';
import type { About, Product, SizeGuide } from '@/lib/types';

/**
 * The places in shopper pages where admin tools appear, and what each one is given. The tools
 * themselves live in features/admin and are lazily loaded (app/adminSlots.ts maps each place to
 * its module), so shoppers never download them and catalog pages never import the admin feature.
 */
export type AdminSlotProps = {
  /** Home, below the collections: add or edit a collection. */
  'home.collections': Record<string, never>;
  /** Home, with the new-releases showcase: add a release. */
  'home.releases': Record<string, never>;
  /** Home, on each featured card: Remove from Featured. */
  'featured.card': { product: Product };
  /** Collection page, above the products: the Add Product toggle and form. */
  'collection.products': { collectionId: string };
  /** Collection page, above the products: edit the collection's size guide. */
  'collection.sizeGuide': { collectionId: string; guide: SizeGuide | null };
  /** Collection page, on each product card: delete. */
  'collection.card': { product: Product; collectionId: string };
  /** Product page, near the admin edit toggle: Mark as Featured / Remove from Featured. */
  'product.featured': { product: Product };
  /** Product page, under the featured toggle: its return rules (final sale, the fit note). */
  'product.returns': { product: Product };
  /** About Us, below the page: create or update it. */
  'about.form': { about: About | null };
};

export type AdminSlotName = keyof AdminSlotProps;

export type AdminSlotComponents = { [K in AdminSlotName]?: ComponentType<AdminSlotProps[K]> };

const AdminSlotsContext = createContext<AdminSlotComponents>({});

/** Provided once by the app; without it (tests of shopper pages) every slot renders nothing. */
export const AdminSlotsProvider = AdminSlotsContext.Provider;

type AdminSlotElementProps<K extends AdminSlotName> = { name: K } & (AdminSlotProps[K] extends Record<string, never>
  ? { props?: undefined }
  : { props: AdminSlotProps[K] });

/**
 * Renders the admin tool for a place to staff (each tool itself checks that the session's role may
 * do what it does: features/admin/slots). Its code is fetched on first render; until then (or if
 * it cannot be fetched) the place stays empty, never the page.
 */
export function AdminSlot<K extends AdminSlotName>({ name, props }: AdminSlotElementProps<K>) {
  const { user } = useSession();
  const slots = useContext(AdminSlotsContext);
  const Tool: ComponentType<AdminSlotProps[K]> | undefined = slots[name];
  if (!user?.admin || !Tool) return null;
  return (
    <SlotBoundary>
      <Suspense fallback={null}>
        <Tool {...((props ?? {}) as AdminSlotProps[K])} />
      </Suspense>
    </SlotBoundary>
  );
}

/** True when the session's role may edit the catalogue, so shopper pages show its tools at all. */
export function useIsAdmin(): boolean {
  return may(useSession().user, 'PATCH /api/products/{id}');
}

class SlotBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('An admin tool failed to load', error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
