import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each page of this visit was scrolled to, by history entry: the 50 latest. */
const positions = new Map<string, number>();

/**
 * Scroll restoration between pages, as a browser does between documents: a new page opens at its top (or at
 * its `#anchor`), and going back or forward returns to where that page was left, once it has rendered. A
 * page that replaces its own address (a search kept in its query) stays where it is. A reload is left to the
 * browser, which restores the document's own position.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  // Recorded while scrolling, under the entry on screen: by the time a move is seen, the page being left may
  // already be replaced. The entry changes before the new page scrolls, so its scroll events count as its own.
  const shownEntry = useRef(location.key);
  useEffect(() => {
    const record = () => {
      positions.delete(shownEntry.current);
      positions.set(shownEntry.current, window.scrollY);
      const oldest = positions.keys().next().value;
      if (positions.size > 50 && oldest !== undefined) positions.delete(oldest);
    };
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, []);

  const shownPathname = useRef(location.pathname);
  useLayoutEffect(() => {
    shownEntry.current = location.key;
    const samePage = shownPathname.current === location.pathname;
    shownPathname.current = location.pathname;
    const saved = positions.get(location.key);
    if (navigationType === 'REPLACE' && samePage && !location.hash) {
      // The page's own address following what is chosen on it (a search typed a letter at a time): the
      // page stays where it is, with the box being typed in on screen.
    } else if (navigationType === 'POP') {
      if (saved !== undefined) window.scrollTo(0, saved);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.hash, location.pathname, navigationType]);
}
