import { STORAGE_KEYS } from '@app/shared/constants';

/*
 * Where this browser keeps the sign-in. With "Remember me", in localStorage: it outlives the
 * browser, as the server's longer life for it means. Without it, the token is a session cookie
 * (no expiry: the browser drops it when it closes, and every tab of this browser shares it
 * meanwhile) and the user's details sit in sessionStorage: on a shared phone, closing the browser
 * ends the sign-in here, whatever the server's idle time would still allow. The cookie is never
 * read by the server (it takes the bearer header only), so it grants nothing a page could forge.
 */

const COOKIE = STORAGE_KEYS.token;

function readSessionCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(`${COOKIE}=`)) {
      try {
        return decodeURIComponent(item.slice(COOKIE.length + 1)) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeSessionCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = token === null ? `${COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}` : `${COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${secure}`;
}

function remembered(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.token) !== null;
  } catch {
    return false;
  }
}

/** The store the user's details go to: the one the token's choice of life goes with. */
function userStore(): Storage | null {
  try {
    return remembered() ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token) ?? readSessionCookie();
  } catch {
    return readSessionCookie();
  }
}

/** A new sign-in's token, kept as long as "Remember me" says. */
export function storeToken(token: string, remember: boolean): void {
  clearStoredAuth();
  try {
    if (remember) localStorage.setItem(STORAGE_KEYS.token, token);
    else writeSessionCookie(token);
  } catch {
    // storage unavailable (private mode): the session lasts for this page only
  }
}

export function readStoredUserJson(): string | null {
  try {
    return userStore()?.getItem(STORAGE_KEYS.user) ?? null;
  } catch {
    return null;
  }
}

export function storeUserJson(json: string): void {
  try {
    userStore()?.setItem(STORAGE_KEYS.user, json);
  } catch {
    // storage unavailable: the session lasts for this page only
  }
}

export function clearStoredAuth(): void {
  writeSessionCookie(null);
  for (const store of ['localStorage', 'sessionStorage'] as const) {
    try {
      window[store].removeItem(STORAGE_KEYS.token);
      window[store].removeItem(STORAGE_KEYS.user);
    } catch {
      // storage unavailable (private mode): nothing to clear
    }
  }
}
