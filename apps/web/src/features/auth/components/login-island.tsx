import { useInRouterContext } from 'react-router';
import { FullLoadRouter } from '../../../islands/full-load-router.tsx';
import { LoginPage } from '../routes/login-page.tsx';

/**
 * The sign-in page as an island of the server-rendered /login (decision 0038): the same screen,
 * its links and the move after signing in loading their pages in full. Inside the app (a 401, a
 * sign-out, a protected page's redirect with its notice) the app's router shows it as before.
 */
export function LoginIsland({ path }: { path: string }) {
  const inApp = useInRouterContext();
  if (inApp) return <LoginPage />;
  return (
    <FullLoadRouter path={path}>
      <LoginPage />
    </FullLoadRouter>
  );
}
