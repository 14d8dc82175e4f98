import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@app/shared/constants';
import { api, ApiError, checkServerReachable, onUnauthorized, toFormData } from './api-client.ts';
import { jsonResponse } from '../test/render.tsx';

type Call = { url: string; init: RequestInit };

function headersOf(call: Call): Record<string, string> {
  return call.init.headers as Record<string, string>;
}

describe('api client', () => {
  let calls: Call[];
  let answer: (url: string) => Response;

  beforeEach(() => {
    calls = [];
    answer = () => jsonResponse({ ok: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        if (url === '/sanctum/csrf-cookie') {
          document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
          return new Response(null, { status: 204 });
        }
        return answer(url);
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON, the XHR marker, credentials and the stored bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, '5|secret');
    await api.get('/things', { params: { page: 2, search: '', gender: undefined } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/things?page=2');
    expect(calls[0].init.credentials).toBe('include');
    expect(headersOf(calls[0])).toMatchObject({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: 'Bearer 5|secret',
    });
  });

  it('fetches the CSRF cookie before an unsafe call and echoes it decoded in X-XSRF-TOKEN', async () => {
    await api.post('/contacts', { name: 'A' });
    expect(calls.map((c) => c.url)).toEqual(['/sanctum/csrf-cookie', '/api/contacts']);
    expect(headersOf(calls[1])['X-XSRF-TOKEN']).toBe('abc==');
    expect(headersOf(calls[1])['Content-Type']).toBe('application/json');
    expect(calls[1].init.body).toBe(JSON.stringify({ name: 'A' }));

    // The cookie is now present: the next unsafe call does not fetch it again.
    await api.delete('/contacts/1');
    expect(calls.map((c) => c.url)).toEqual(['/sanctum/csrf-cookie', '/api/contacts', '/api/contacts/1']);
  });

  it('does not ask for the CSRF cookie on safe calls', async () => {
    await api.get('/health');
    expect(calls.map((c) => c.url)).toEqual(['/api/health']);
  });

  it('on 401 clears the stored token and user and tells the app', async () => {
    localStorage.setItem(STORAGE_KEYS.token, '5|secret');
    localStorage.setItem(STORAGE_KEYS.user, '{"name":"x"}');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    answer = () => jsonResponse({ message: 'Unauthenticated.' }, 401);

    const error = await api.get('/auth/user').catch((e: unknown) => e);
    unsubscribe();

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('throws ApiError with the server message and field errors', async () => {
    answer = () => jsonResponse({ message: 'The given data was invalid.', errors: { email: ['Taken'] } }, 422);
    const error = (await api.post('/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('The given data was invalid.');
    expect(error.errors).toEqual({ email: ['Taken'] });
    expect(error.code).toBeUndefined();
  });

  it('exposes the machine-readable code of the error answer, and only a known one', async () => {
    answer = () => jsonResponse({ message: 'The email has already been taken.', code: 'email_taken', errors: { email: ['x'] } }, 422);
    const taken = (await api.post('/users', {}).catch((e: unknown) => e)) as ApiError;
    expect(taken.code).toBe('email_taken');
    answer = () => jsonResponse({ message: 'Odd.', code: 'not-one-of-ours' }, 400);
    const odd = (await api.get('/users').catch((e: unknown) => e)) as ApiError;
    expect(odd.code).toBeUndefined();
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = (await api.get('/health').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.reason).toBe('network');
  });

  it('closes the reachability answer: its body is cancelled, whatever the status', async () => {
    for (const status of [200, 503, 502]) {
      let cancelled = false;
      const body = new ReadableStream({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":"ok"}'));
        },
        cancel() {
          cancelled = true;
        },
      });
      answer = () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
      expect(await checkServerReachable(5000)).toBe(status !== 502);
      expect(cancelled).toBe(true);
    }
  });

  it('sends FormData without a JSON content type and with a method override', async () => {
    const file = new File(['x'], 'photo.png', { type: 'image/png' });
    await api.sendForm('/orphans/3', { first_name: 'Ahmad', notes: '', photo: file }, 'PUT');
    const call = calls.find((c) => c.url === '/api/orphans/3')!;
    expect(call.init.method).toBe('POST');
    expect(headersOf(call)['Content-Type']).toBeUndefined();
    const body = call.init.body as FormData;
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('first_name')).toBe('Ahmad');
    expect(body.has('notes')).toBe(false);
    expect(body.get('photo')).toBeInstanceOf(File);
  });
});

describe('toFormData', () => {
  it('skips empty, undefined and null values and JSON-stringifies objects', () => {
    const form = toFormData({
      name: 'Zahra',
      empty: '',
      missing: undefined,
      nothing: null,
      count: 0,
      active: false,
      profile: { hobbies: 'reading' },
      tags: ['a', 'b'],
    });
    expect([...form.keys()].sort()).toEqual(['active', 'count', 'name', 'profile', 'tags']);
    expect(form.get('count')).toBe('0');
    expect(form.get('active')).toBe('false');
    expect(form.get('profile')).toBe('{"hobbies":"reading"}');
    expect(form.get('tags')).toBe('["a","b"]');
  });
});
