import { lazy, Suspense, useEffect, useRef } from 'react';
import { useReleases } from '../api/get-releases';
import { useNearViewport } from '@/lib/useNearViewport';
import './ReleaseShowcase.css';

/** The carousel's code: below the fold, so not part of the first page's JavaScript. */
const loadCarousel = () => import('./ReleaseCarousel');
const ReleaseCarousel = lazy(() =>
  loadCarousel().then(
    (module) => ({ default: module.ReleaseCarousel }),
    // Offline before the code was ever fetched: said like the releases' own failure.
    () => ({ default: ReleasesError }),
  ),
);

/**
 * The home page's new releases: loading, error and empty states around the carousel. Below the
 * fold, so it asks for the releases, and the carousel's code with them, only when it comes near
 * the screen or the page has settled.
 */
export function ReleaseShowcase() {
  const sectionRef = useRef<HTMLElement>(null);
  const near = useNearViewport(sectionRef);
  const { data: releases, isPending, isError } = useReleases(near);
  useEffect(() => {
    if (near) void loadCarousel().catch(() => undefined);
  }, [near]);
  return (
    <section ref={sectionRef} className="releases on-dark" aria-labelledby="releases-heading">
      {isPending ? (
        <ReleasesLoading />
      ) : isError ? (
        <ReleasesError />
      ) : releases.length === 0 ? (
        <ReleaseNotice text="No releases available" />
      ) : (
        <Suspense fallback={<ReleasesLoading />}>
          {/* A new newest release (an admin just added one) starts the carousel on it. */}
          <ReleaseCarousel key={releases[0]!.id} releases={releases} />
        </Suspense>
      )}
    </section>
  );
}

function ReleasesLoading() {
  return (
    <div className="releases__frame releases__frame--loading">
      <div className="releases__content container">
        <h2 id="releases-heading" className="releases__heading">
          New Releases
        </h2>
        <span className="skeleton skeleton--dark" style={{ width: '60%', height: '2rem' }} />
        <span className="skeleton skeleton--dark skeleton--text" style={{ width: '80%' }} />
      </div>
    </div>
  );
}

function ReleasesError() {
  return <ReleaseNotice text="Error loading releases." alert />;
}

function ReleaseNotice({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <div className="releases__frame releases__frame--notice">
      <div className="releases__content container">
        <h2 id="releases-heading" className="releases__heading">
          New Releases
        </h2>
        <p className="releases__notice" role={alert ? 'alert' : undefined}>
          {text}
        </p>
      </div>
    </div>
  );
}
