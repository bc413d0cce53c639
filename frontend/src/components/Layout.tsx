import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';

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
  // The drawer is built on first use, not on page load: less work before the first paint.
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useScrollToTopOnNavigate();

  const openMenu = () => {
    if (menuMounted) {
      setMenuOpen(true);
      return;
    }
    setMenuMounted(true);
    // Let the closed drawer paint once, so it slides in rather than appearing.
    requestAnimationFrame(() => requestAnimationFrame(() => setMenuOpen(true)));
  };

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header onOpenMenu={openMenu} menuOpen={menuOpen} menuButtonRef={menuButtonRef} />
      <OfflineBanner />
      {menuMounted && <Sidebar open={menuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
