import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { can as canAccess, hasRole as userHasRole, isAdministrator as userIsAdministrator, type AccessRule, type SpecCheck } from '@app/shared/permissions';
import { ERROR_CODE, type ErrorCode } from '@app/shared/messages';
import type { AuthUser, LoginResponse, RegisterInput, RegisterResponse } from '@app/shared/schemas/auth.schema';
import { api, clearStoredAuth, getStoredToken, isApiError, onUnauthorized, prepareCsrfForLogin } from './api-client.ts';
import { readStoredUserJson, storeToken, storeUserJson } from './stored-session.ts';

/**
 * A failure inside the auth layer that is not an HTTP error: the server answered 2xx but without
 * the expected body, or something unexpected broke. The screens map `kind` to the spec's texts.
 */
export class AuthFlowError extends Error {
  readonly kind: 'login-failed' | 'login-error' | 'register-error';
  constructor(kind: AuthFlowError['kind'], cause?: unknown) {
    super(kind, { cause });
    this.name = 'AuthFlowError';
    this.kind = kind;
  }
}

export interface LoginCredentials {
  email: string;
  password: string;
  remember?: boolean;
}

interface AuthContextValue {
  user: AuthUser | null;
  isAuthenticated: boolean;
  /** True while a stored token is being checked at start-up. */
  isLoading: boolean;
  /** The session ended by Sign out (not by expiry): the next login starts at /dashboard. */
  signedOutByUser: boolean;
  /** The server ended the session (signed out everywhere, a password change, lockdown, the account removed); set once this phone's offline store is erased. */
  endedByServer: EndedByServer | null;
  login: (credentials: LoginCredentials) => Promise<AuthUser>;
  register: (input: RegisterInput) => Promise<RegisterResponse>;
  logout: () => Promise<void>;
  /** Every sign-in of the user ends, on every device, this one too; throws (and keeps this one) when the server did not do it. */
  logoutEverywhere: () => Promise<void>;
  refreshUser: () => Promise<void>;
  can: (required: AccessRule | SpecCheck, requireAll?: boolean) => boolean;
  hasRole: (role: string) => boolean;
  isAdministrator: boolean;
}

export type EndedByServer = typeof ERROR_CODE.sessionRevoked | typeof ERROR_CODE.accountDisabled;

const isEndedByServer = (code: ErrorCode | undefined): code is EndedByServer => code === ERROR_CODE.sessionRevoked || code === ERROR_CODE.accountDisabled;

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Signing out erases what this phone keeps for offline work (lib/local-store): the next person to
 * use it finds nothing, sealed or not. Loaded only then, so the sign-in pages carry none of it.
 */
async function eraseKeptOnThisPhone(): Promise<void> {
  try {
    await (await import('./local-store/local-store.ts')).eraseLocalStore();
  } catch {
    // No IndexedDB here (a private window): nothing was kept.
  }
}

/**
 * Signing in opens what this phone keeps for the user with the password just accepted (or sets it
 * up empty; another user's is erased): the key is derived here, while the password is known, and
 * the password itself is kept nowhere. Without IndexedDB (a private window) nothing is kept.
 */
async function openKeptOnThisPhone(userId: number, password: string): Promise<void> {
  try {
    await (await import('./local-store/local-store.ts')).openLocalStoreAtSignIn(userId, password);
  } catch {
    // Nothing can be kept here: the dashboard works online as before.
  }
}

function readStoredUser(): AuthUser | null {
  try {
    const raw = readStoredUserJson();
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  } catch {
    return null;
  }
}

function storeSession(user: AuthUser, token?: { token: string; remember: boolean }): void {
  if (token) storeToken(token.token, token.remember);
  storeUserJson(JSON.stringify(user));
}

function isAuthUser(value: unknown): value is AuthUser {
  return !!value && typeof value === 'object' && typeof (value as AuthUser).email === 'string';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [hasToken] = useState(() => !!getStoredToken());
  const [user, setUser] = useState<AuthUser | null>(() => (hasToken ? readStoredUser() : null));
  const [isLoading, setIsLoading] = useState(hasToken);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [endedByServer, setEndedByServer] = useState<EndedByServer | null>(null);

  const refreshUser = useCallback(async () => {
    try {
      const body = await api.get<{ user: AuthUser }>('/auth/user');
      if (!isAuthUser(body?.user)) throw new Error('No user in the answer');
      storeSession(body.user);
      setUser(body.user);
    } catch (err) {
      // Only the server refusing the token (401), or an answer that is not a user, ends the
      // session. No HTTP answer (a dropped link, the page leaving mid-request), a busy or failing
      // server (429, 502, 503) say nothing about the token: keep the stored session; the next call
      // that reaches the server checks it again.
      if (isApiError(err) && err.status !== 401) return;
      clearStoredAuth();
      setUser(null);
    }
  }, []);

  // Start-up: a stored token is only trusted once the server confirms it.
  useEffect(() => {
    if (!hasToken) return;
    let active = true;
    void refreshUser().finally(() => {
      if (active) setIsLoading(false);
    });
    return () => {
      active = false;
    };
  }, [hasToken, refreshUser]);

  // Only a session the server ended wipes what this phone keeps: an idle timeout must not lose
  // unsent work (it stays sealed, and is sent after the next sign-in).
  useEffect(
    () =>
      onUnauthorized((code) => {
        setUser(null);
        if (isEndedByServer(code)) void eraseKeptOnThisPhone().then(() => setEndedByServer(code));
      }),
    [],
  );

  const login = useCallback(async ({ email, password, remember = false }: LoginCredentials) => {
    try {
      await prepareCsrfForLogin();
      const body = await api.post<LoginResponse>('/auth/login', { email, password, remember });
      if (!body?.token || !isAuthUser(body.user)) throw new AuthFlowError('login-failed');
      storeSession(body.user, { token: body.token, remember });
      await openKeptOnThisPhone(body.user.id, password);
      setUser(body.user);
      setSignedOutByUser(false);
      setEndedByServer(null);
      return body.user;
    } catch (err) {
      if (isApiError(err) || err instanceof AuthFlowError) throw err;
      throw new AuthFlowError('login-error', err);
    }
  }, []);

  const register = useCallback(async (input: RegisterInput) => {
    try {
      return (await api.post<RegisterResponse>('/auth/register', input)) ?? ({} as RegisterResponse);
    } catch (err) {
      if (isApiError(err)) throw err;
      throw new AuthFlowError('register-error', err);
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout');
    } catch {
      // Spec section 4: the local session ends even when the server call fails.
    } finally {
      clearStoredAuth();
      await eraseKeptOnThisPhone();
      setSignedOutByUser(true);
      setUser(null);
    }
  }, []);

  const logoutEverywhere = useCallback(async () => {
    await api.post('/auth/logout-everywhere');
    clearStoredAuth();
    await eraseKeptOnThisPhone();
    setSignedOutByUser(true);
    setUser(null);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAuthenticated: !!user,
      isLoading,
      signedOutByUser,
      endedByServer,
      login,
      register,
      logout,
      logoutEverywhere,
      refreshUser,
      can: (required, requireAll = false) => canAccess(user, required, requireAll),
      hasRole: (role) => userHasRole(user, role),
      isAdministrator: userIsAdministrator(user),
    }),
    [user, isLoading, signedOutByUser, endedByServer, login, register, logout, logoutEverywhere, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
