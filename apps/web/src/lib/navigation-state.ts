/** What one screen hands the next through router state. */
export interface Notice {
  type: 'success' | 'error';
  message: string;
}

export interface RedirectState {
  /** The page a guest tried to open; the login screen returns there after sign-in. */
  from?: { pathname: string; search?: string; hash?: string };
  /** A message for the next screen to show, e.g. after registration. */
  notice?: Notice;
}

export function readRedirectState(state: unknown): RedirectState {
  return state && typeof state === 'object' ? (state as RedirectState) : {};
}

/** Where to go after sign-in: the remembered page, never back to an auth screen. */
export function afterLoginTarget(state: unknown, fallback = '/dashboard'): string {
  const from = readRedirectState(state).from;
  if (!from?.pathname || ['/login', '/register', '/forgot-password'].includes(from.pathname)) return fallback;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
