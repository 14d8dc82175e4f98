import { useMemo, type ReactNode } from 'react';
import { Router, createPath, type Navigator, type To } from 'react-router';

/** Leave a server-rendered page for another: the dashboard is the app, the rest are pages of their own. */
function fullLoadNavigator(): Navigator {
  const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
  return {
    createHref: href,
    push: (to) => window.location.assign(href(to)),
    replace: (to) => window.location.replace(href(to)),
    go: (delta) => window.history.go(delta),
  };
}

/**
 * A router for an island that uses the app's links and navigation (the sign-in form, the user
 * menu) on a server-rendered page (decision 0038), where there is no app router: each move loads
 * the page it goes to. `path`: the page's own, the same on the server and when hydrating.
 */
export function FullLoadRouter({ path, children }: { path: string; children: ReactNode }) {
  const navigator = useMemo(fullLoadNavigator, []);
  return (
    <Router navigator={navigator} location={path}>
      {children}
    </Router>
  );
}
