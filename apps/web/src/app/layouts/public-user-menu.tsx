import { useInRouterContext } from 'react-router';
import { FullLoadRouter } from '../../islands/full-load-router.tsx';
import { i18nReady } from '../../lib/i18n.ts';
import { UserMenu } from './user-menu.tsx';

/** The menu's texts are i18next's (the dashboard's menu): ready once this chunk has set it up. */
export const textsReady = i18nReady;

/**
 * The user menu in the public header. Inside the app it is the dashboard's menu as it is; on a
 * server-rendered page (the header hydrated as an island, decision 0038) there is no app router,
 * so its links and the sign-out's move to /login load those pages in full. Loaded only for a
 * signed-in visitor, so the router's code is not in anyone else's first load.
 */
export function PublicUserMenu() {
  const inApp = useInRouterContext();
  if (inApp) return <UserMenu />;
  return (
    <FullLoadRouter path={window.location.pathname + window.location.search}>
      <UserMenu />
    </FullLoadRouter>
  );
}
