import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A new page starts at the top, as a full page load would. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof window.scrollTo === 'function') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
