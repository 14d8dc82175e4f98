import { useAuth } from '../../../lib/auth-context.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useHydrated } from '../../../islands/island.tsx';

export interface HomeHeroLabels {
  login: string;
  register: string;
  dashboard: string;
}

/**
 * The home page's calls to action, an island (decision 0038): Log in and Register, or Go to
 * Dashboard for a visitor signed in in this browser (known only there, so shown once hydrated).
 * The labels come translated as props; the island needs no texts of its own.
 */
export function HomeHeroActions({ labels }: { labels: HomeHeroLabels }) {
  const hydrated = useHydrated();
  const signedIn = useAuth().isAuthenticated && hydrated;
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      {signedIn ? (
        <a href="/dashboard" className={buttonClasses('primary', 'lg')}>
          {labels.dashboard}
        </a>
      ) : (
        <>
          <a href="/login" className={buttonClasses('primary', 'lg')}>
            {labels.login}
          </a>
          <a href="/register" className={buttonClasses('outline', 'lg')}>
            {labels.register}
          </a>
        </>
      )}
    </div>
  );
}
