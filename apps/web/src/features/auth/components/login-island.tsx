import { handToNextPage } from '../../../lib/local-store/key-handoff.ts';
import { LoginCard } from './login-card.tsx';

/**
 * Leave the server-rendered sign-in page: the place asked for (the dashboard, the app) loads in
 * full, handed the key of what this phone keeps, opened at sign-in (key-handoff.ts).
 */
const loadInFull = (to: string) => {
  handToNextPage();
  window.location.replace(to);
};

/**
 * The sign-in form as the island of the server-rendered /login (decision 0038), without the app's
 * router: there is no location state on a page loaded directly, and the move after signing in
 * loads the dashboard. Inside the app, the route (routes/login-page.tsx) shows the same card.
 */
export function LoginIsland() {
  return <LoginCard redirectState={null} go={loadInFull} />;
}
