import { useMemo } from 'react';
import { Router, createPath, useInRouterContext, type Navigator, type To } from 'react-router';
import { UserMenu } from './user-menu.tsx';

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
 * The user menu in the public header. Inside the app it is the dashboard's menu as it is; on a
 * server-rendered page (the header hydrated as an island, decision 0038) there is no app router,
 * so its links and the sign-out's move to /login load those pages in full. Loaded only for a
 * signed-in visitor, so the router's code is not in anyone else's first load.
 */
export function PublicUserMenu() {
  const inApp = useInRouterContext();
  const navigator = useMemo(fullLoadNavigator, []);
  if (inApp) return <UserMenu />;
  return (
    <Router navigator={navigator} location={window.location.pathname + window.location.search}>
      <UserMenu />
    </Router>
  );
}
