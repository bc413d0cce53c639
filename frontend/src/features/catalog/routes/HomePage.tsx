import { Fragment, lazy, Suspense, useRef } from 'react';
import { useHome } from '../api/get-home';
import { CollectionsSection } from '../components/CollectionsSection';
import { FeaturedGrid } from '../components/FeaturedGrid';
import { HeroCarousel } from '../components/HeroCarousel';
import { AnnouncementBar } from '../components/AnnouncementBar';
import { ReleaseShowcase } from '../components/ReleaseShowcase';
import { AdminSlot } from '@/components/AdminSlot';
import { SHOP_NAME } from '@/lib/site';
import type { SectionView } from '@/lib/types';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useStaged } from '@/lib/useStaged';
import { prefersReducedMotion } from '@/lib/useMediaQuery';

// The picture and WhatsApp banners come in a chunk of their own, only for a page that has one.
const HomeBanner = lazy(() => import('../components/HomeBanners'));

/**
 * Home: the merchant's sections in her order (the seed's: hero carousel, collections, new
 * releases, featured products; the footer is the layout's), from the first HTML or /api/home.
 * Admins also get the collection form and the add-release form after those sections (lazily
 * loaded admin tools).
 */
export default function HomePage() {
  useDocumentTitle(null);
  const { data: home, isError } = useHome();
  // Opened on the home page: its sections down to the hero first, then one more each frame.
  const sections = home?.sections ?? [];
  const shown = useStaged(sections.length, sections.findIndex((s) => s.type === 'hero') + 1 || 1);
  const collectionsHeading = useRef<HTMLHeadingElement>(null);

  const exploreCollections = () => {
    const heading = collectionsHeading.current;
    if (!heading) return;
    heading.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  };

  const section = (s: SectionView, i: number) => {
    switch (s.type) {
      case 'announcement':
        return <AnnouncementBar key={i} text={s.text} href={s.href} onExplore={exploreCollections} />;
      case 'hero':
        return <HeroCarousel key={i} slides={s.slides} onExplore={exploreCollections} />;
      case 'collections':
        return (
          <Fragment key={i}>
            <CollectionsSection ref={collectionsHeading} heading={s.heading} blurb={s.blurb} />
            <AdminSlot name="home.collections" />
          </Fragment>
        );
      case 'releases':
        return (
          <Fragment key={i}>
            <ReleaseShowcase />
            <AdminSlot name="home.releases" />
          </Fragment>
        );
      case 'featured':
        return <FeaturedGrid key={i} heading={s.heading} blurb={s.blurb} />;
      case 'banner':
      case 'whatsapp':
        return (
          <Suspense key={i} fallback={null}>
            <HomeBanner section={s} onExplore={exploreCollections} />
          </Suspense>
        );
    }
  };

  if (!home)
    return (
      <div className="hero hero--waiting" aria-busy={!isError}>
        <h1 className="visually-hidden">{SHOP_NAME}</h1>
        {isError && <p className="container">Could not load the home page. Please refresh.</p>}
      </div>
    );
  const hasHero = home.sections.some((s) => s.type === 'hero');
  return (
    <>
      {!hasHero && <h1 className="visually-hidden">{SHOP_NAME}</h1>}
      {sections.slice(0, shown).map(section)}
      {shown < sections.length && <div className="staged-rest" />}
    </>
  );
}
