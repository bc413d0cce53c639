/*
 * The new releases' frames without a carousel: loading, the failure and a notice. Drawn by the
 * home page before the releases' code has arrived (components/ReleaseShowcase.tsx) and by that
 * code while the releases load (components/ReleaseCarousel.tsx's Releases).
 */

export function ReleasesLoading() {
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

export function ReleasesError() {
  return <ReleaseNotice text="Error loading releases." alert />;
}

export function ReleaseNotice({ text, alert = false }: { text: string; alert?: boolean }) {
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
