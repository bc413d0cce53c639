import { useRef } from 'react';
import { CollectionsSection } from '../components/CollectionsSection';
import { FeaturedGrid } from '../components/FeaturedGrid';
import { HeroCarousel } from '../components/HeroCarousel';
import { ReleaseShowcase } from '../components/ReleaseShowcase';
import { AdminSlot } from '@/components/AdminSlot';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { prefersReducedMotion } from '@/lib/useMediaQuery';

/**
 * Home: hero carousel, collections, new releases, featured products (the footer is the layout's).
 * Admins also get the collection form and the add-release form (lazily loaded admin tools).
 */
export default function HomePage() {
  useDocumentTitle(null);
  const collectionsHeading = useRef<HTMLHeadingElement>(null);

  const exploreCollections = () => {
    const heading = collectionsHeading.current;
    if (!heading) return;
    heading.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  return (
    <>
      <HeroCarousel onExplore={exploreCollections} />
      <CollectionsSection ref={collectionsHeading} />
      <AdminSlot name="home.collections" />
      <ReleaseShowcase />
      <AdminSlot name="home.releases" />
      <FeaturedGrid />
    </>
  );
}
