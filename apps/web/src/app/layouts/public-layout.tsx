import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { publicTitleKey, useDocumentTitle } from '../../lib/page-title.ts';
import { PublicShell } from './public-shell.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/**
 * The public layout inside the app (a public route reached from the dashboard, or during
 * development with Vite). Served directly, the same shell is rendered by the server (decision 0038).
 */
export function PublicLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const titleKey = publicTitleKey(pathname);
  useDocumentTitle(titleKey === null ? null : t(titleKey));
  return (
    <PublicShell path={pathname}>
      <ScrollToTop />
      <Outlet />
    </PublicShell>
  );
}
