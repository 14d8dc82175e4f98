import { CSRF_LOGIN_DELAY_MS } from '@app/shared/constants';
import { ERROR_CODES, type ErrorCode } from '@app/shared/messages';
import { currentLanguage } from './language.ts';
import { clearStoredAuth, getStoredToken } from './stored-session.ts';

/**
 * The one door to the server (spec section 7). Every call goes to `/api`, except the CSRF cookie
 * which lives at the server root. Errors always surface as {@link ApiError}.
 */

export const API_BASE = '/api';
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Why a request produced no HTTP answer: the network failed, or it was aborted/timed out. */
export type NoResponseReason = 'network' | 'aborted';

export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  /**
   * The server's machine-readable `code` (shared ERROR_CODE): what a screen branches on, never the
   * translated message. Undefined when there was no HTTP answer or the body named none.
   */
  readonly code?: ErrorCode;
  /** The parsed response body, when there was one (the login screen reads its `error` field). */
  readonly data?: unknown;
  /** Set when status is 0: the request never got an HTTP answer. */
  readonly reason?: NoResponseReason;

  constructor(init: {
    status: number;
    message: string;
    errors?: Record<string, string[]>;
    code?: ErrorCode;
    data?: unknown;
    reason?: NoResponseReason;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.errors = init.errors;
    this.code = init.code;
    this.data = init.data;
    this.reason = init.reason;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

// ---- stored credentials -----------------------------------------------------------------------

// Where they are kept, and for how long: stored-session.ts.
export { clearStoredAuth, getStoredToken };

// ---- 401 handling -------------------------------------------------------------------------------

/** The 401's code: `session_revoked` or `account_disabled` when the server ended the token (the phone wipes its offline store then). */
type UnauthorizedListener = (code: ErrorCode | undefined) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Subscribe to "the server said 401". The client has already cleared the stored token and user;
 * listeners reset in-memory state and send the visitor to /login. Returns an unsubscribe function.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function handleUnauthorized(code: ErrorCode | undefined): void {
  clearStoredAuth();
  if (unauthorizedListeners.size === 0) {
    // No app mounted (or a test): fall back to a hard navigation.
    if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
    return;
  }
  for (const listener of unauthorizedListeners) listener(code);
}

// ---- 503 (maintenance mode) -----------------------------------------------------------------

type MaintenanceListener = (message: string) => void;
const maintenanceListeners = new Set<MaintenanceListener>();

/**
 * Subscribe to "the server answered 503": in maintenance mode the API refuses everyone but
 * administrators, and the app then shows its maintenance page. Returns an unsubscribe function.
 */
export function onServiceUnavailable(listener: MaintenanceListener): () => void {
  maintenanceListeners.add(listener);
  return () => maintenanceListeners.delete(listener);
}

// ---- CSRF -------------------------------------------------------------------------------------

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return item.slice(prefix.length);
  }
  return null;
}

/** The XSRF-TOKEN cookie's value, for calls that do not go through `request` (resumable uploads). */
export function csrfToken(): string | null {
  const raw = readCookie(CSRF_COOKIE);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Ask the server for a fresh XSRF-TOKEN cookie. A missing cookie afterwards only logs a warning. */
export async function fetchCsrfCookie(): Promise<void> {
  try {
    await fetch(CSRF_COOKIE_PATH, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
  } catch (err) {
    console.warn('Could not fetch the CSRF cookie', err);
    return;
  }
  if (!readCookie(CSRF_COOKIE)) console.warn('The server did not set the XSRF-TOKEN cookie');
}

/** Fetch the CSRF cookie only when it is not already present. */
export async function ensureCsrfCookie(): Promise<void> {
  if (!readCookie(CSRF_COOKIE)) await fetchCsrfCookie();
}

/** Before login: a fresh cookie, then the 100 ms pause of spec section 9. */
export async function prepareCsrfForLogin(): Promise<void> {
  await fetchCsrfCookie();
  await new Promise((resolve) => setTimeout(resolve, CSRF_LOGIN_DELAY_MS));
}

// ---- multipart ----------------------------------------------------------------------------------

export type FormValue = string | number | boolean | Blob | object | null | undefined;

/**
 * Build multipart form data the way the server expects it: empty strings, undefined and null are
 * left out, files are appended as they are, plain objects and arrays travel as JSON strings.
 */
export function toFormData(values: Record<string, FormValue>, methodOverride?: 'PUT' | 'PATCH'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (value instanceof Blob) form.append(key, value);
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  if (methodOverride) form.append('_method', methodOverride);
  return form;
}

// ---- requests -----------------------------------------------------------------------------------

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  body?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * `blob` for file downloads; `response` hands back the unread Response of a successful call
   * (an export reads its body as a stream to show progress); default parses JSON.
   */
  responseType?: 'json' | 'blob' | 'response';
}

export function buildUrl(path: string, params?: QueryParams): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  let url = `${API_BASE}${clean}`;
  if (params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null || value === '') continue;
      search.append(key, String(value));
    }
    const qs = search.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromBody(status: number, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as { message?: unknown; error?: unknown; errors?: unknown; code?: unknown };
  const message =
    (typeof body.message === 'string' && body.message) ||
    (typeof body.error === 'string' && body.error) ||
    `Server error: ${status}`;
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : undefined;
  const code = (ERROR_CODES as readonly unknown[]).includes(body.code) ? (body.code as ErrorCode) : undefined;
  return new ApiError({ status, message, errors, code, data });
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

export async function request<T = unknown>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithStatus<T>(method, path, options)).data;
}

/** Like {@link request}, but also tells the HTTP status (the contact form succeeds only on 201). */
export async function requestWithStatus<T = unknown>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    // The server answers (messages, e-mails, export headers) in the language on screen, not the browser's.
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  if (!isForm && options.body !== undefined) headers['Content-Type'] = 'application/json';

  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  if (UNSAFE_METHODS.has(method)) {
    await ensureCsrfCookie();
    const xsrf = csrfToken();
    if (xsrf) headers[CSRF_HEADER] = xsrf;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      credentials: 'include',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    const aborted = err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError');
    throw new ApiError({
      status: 0,
      message: aborted ? 'Request aborted' : 'Network Error',
      reason: aborted ? 'aborted' : 'network',
    });
  }

  if (response.status === 401) {
    const data = await parseBody(response).catch(() => undefined);
    const error = errorFromBody(401, data);
    handleUnauthorized(error.code);
    throw error;
  }

  if (!response.ok) {
    const data = await parseBody(response).catch(() => undefined);
    const error = errorFromBody(response.status, data);
    if (response.status === 503) for (const listener of maintenanceListeners) listener(error.message);
    throw error;
  }

  const data = options.responseType === 'blob' ? await response.blob() : options.responseType === 'response' ? response : await parseBody(response);
  return { status: response.status, data: data as T };
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /**
   * Multipart create or update. Updates that carry files go as POST with `_method` set, because
   * multipart bodies on PUT are not parsed by every stack.
   */
  sendForm: <T = unknown>(path: string, values: Record<string, FormValue>, method: 'POST' | 'PUT' | 'PATCH' = 'POST') =>
    request<T>('POST', path, { body: toFormData(values, method === 'POST' ? undefined : method) }),
};

/**
 * Server reachability (spec sections 4 and 9): a cheap GET /api/health with a 5 s time-out.
 * Resolves to false instead of throwing.
 */
export async function checkServerReachable(timeoutMs: number): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${API_BASE}/health`, {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      signal: controller.signal,
    });
    // Only the status matters; cancelling the unread body closes the request instead of leaving
    // it open in the browser's view (and its connection held) until the body is collected.
    await response.body?.cancel().catch(() => undefined);
    // Maintenance mode (503) still means the server is up; a proxy's 502/504 means it is not.
    return response.ok || response.status === 503;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
