import { Suspense, useRef } from 'react';
import { ReleasesError, ReleasesLoading } from './ReleaseNotice';
import { useNearViewport } from '@/lib/useNearViewport';
import { lazyOr } from '@/lib/lazyOr';
import './ReleaseShowcase.css';

/** The releases and the carousel's code: below the fold, so not part of the first page's JavaScript. */
// Offline before the code was ever fetched: said like the releases' own failure.
const Releases = lazyOr(() => import('./ReleaseCarousel').then((module) => module.Releases), ReleasesError);

/**
 * The home page's new releases. Below the fold, so it asks for the releases, and the code that
 * shows them, only when it comes near the screen or the page has settled; until then the section
 * holds its loading frame.
 */
export function ReleaseShowcase() {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  return (
    <section ref={sectionRef} className="releases on-dark" aria-labelledby="releases-heading">
      {near ? (
        <Suspense fallback={<ReleasesLoading />}>
          <Releases />
        </Suspense>
      ) : (
        <ReleasesLoading />
      )}
    </section>
  );
}
