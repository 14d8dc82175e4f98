import { Navigate, useLocation } from 'react-router';

/** Short aliases (/orphans/create, /profile, ...) land on the same path under /dashboard. */
export function dashboardAliasTarget(pathname: string): string {
  return `/dashboard${pathname.startsWith('/') ? pathname : `/${pathname}`}`;
}

export function AliasRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: dashboardAliasTarget(location.pathname), search: location.search, hash: location.hash }} replace />;
}
