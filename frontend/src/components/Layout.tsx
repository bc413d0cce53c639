import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { SwitchingOverBanner } from './SwitchingOverBanner';
import type { Sidebar as SidebarComponent } from './Sidebar';

/** The drawer's code, fetched on the first tap of the menu button (or when the browser is idle
 *  after the first page has loaded, see main.tsx), not with the first page's JavaScript. */
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
      <SwitchingOverBanner />
      {Sidebar && <Sidebar open={menuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
