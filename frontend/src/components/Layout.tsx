import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CurrencyChooserSlot } from './CurrencyChooserSlot';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { SwitchingOverBanner } from './SwitchingOverBanner';
import type { Sidebar as SidebarComponent } from './Sidebar';
import { SHOP_PREVIEW } from '@/lib/site';
import { lazyOr } from '@/lib/lazyOr';
import { useNearViewport } from '@/lib/useNearViewport';

/** The footer's code and styles: it starts below the first screen on every page (.site-main's
 *  min-height), so it is fetched when it comes near or the page has settled, not with the first
 *  page's JavaScript (and never for a shopper saving data who stays on the first screen). */
// Offline before the code was ever fetched: no footer rather than a broken page.
const Footer = lazyOr<ComponentType<{ currency?: ReactNode }>>(
  () => import('./Footer').then((module) => module.Footer),
  NoFooter,
);

function NoFooter() {
  return null;
}

function FooterWhenNear() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return (
    <div ref={ref}>
      {near && (
        <Suspense fallback={null}>
          <Footer currency={<CurrencyChooserSlot />} />
        </Suspense>
      )}
    </div>
  );
}

/** The drawer's code, fetched on the first tap of the menu button (or once the shopper starts
 *  using the page, see main.tsx), not with the first page's JavaScript. */
/** Only a member of staff previewing the draft sees it: its code is not in the first page's. */
const PreviewBanner = lazy(() => import('./PreviewBanner').then((module) => ({ default: module.PreviewBanner })));

export const loadSidebar = () => import('./Sidebar').then((module) => module.Sidebar);

/** Scrolls to the top on a new page, but leaves back/forward to the browser's own restoration. */
function useScrollToTopOnNavigate() {
  const [location] = useLocation();
  const popped = useRef(false);
  useEffect(() => {
    const onPop = () => {
      popped.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (popped.current) {
      popped.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [location]);
}

/** The page frame: skip link, header, sidebar drawer, main content and footer. */
export function Layout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer is loaded and built on first use, not on page load: less code and work before the
  // first paint.
  const [Sidebar, setSidebar] = useState<typeof SidebarComponent | null>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useScrollToTopOnNavigate();

  const openMenu = () => {
    if (Sidebar) {
      setMenuOpen(true);
      return;
    }
    loadSidebar().then(
      (loaded) => {
        setSidebar(() => loaded);
        // Let the closed drawer paint once, so it slides in rather than appearing.
        requestAnimationFrame(() => requestAnimationFrame(() => setMenuOpen(true)));
      },
      // Offline before the code was ever fetched: the button does nothing rather than break the page.
      () => undefined,
    );
  };

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header onOpenMenu={openMenu} menuOpen={menuOpen} menuButtonRef={menuButtonRef} />
      <OfflineBanner />
      {SHOP_PREVIEW && (
        <Suspense fallback={null}>
          <PreviewBanner />
        </Suspense>
      )}
      <SwitchingOverBanner />
      {Sidebar && <Sidebar open={menuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <FooterWhenNear />
    </>
  );
}
