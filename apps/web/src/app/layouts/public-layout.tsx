import { Outlet, useLocation } from 'react-router';
import { PublicShell } from './public-shell.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/**
 * The public layout inside the app (a public route reached from the dashboard, or during
 * development with Vite). Served directly, the same shell is rendered by the server (decision 0038).
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <PublicShell path={pathname}>
      <ScrollToTop />
      <Outlet />
    </PublicShell>
  );
}
