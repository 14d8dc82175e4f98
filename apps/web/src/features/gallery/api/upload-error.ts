import { ApiError } from '../../../lib/api-client.ts';

/**
 * The ApiError of a resumable upload's answer, which comes past the API client (tus-js-client
 * says nothing about errors): no answer at all is the network's, else the API's JSON body
 * (`{message, errors}`) when there is one.
 */
export function uploadError(status: number, body: string | null | undefined): ApiError {
  if (status === 0) return new ApiError({ status: 0, message: 'Network Error', reason: 'network' });
  let data: { message?: unknown; errors?: unknown } = {};
  try {
    data = JSON.parse(body || '{}') as typeof data;
  } catch {
    // a proxy's HTML page: keep the status only
  }
  return new ApiError({
    status,
    message: typeof data.message === 'string' && data.message ? data.message : `Server error: ${status}`,
    errors: data.errors && typeof data.errors === 'object' ? (data.errors as Record<string, string[]>) : undefined,
    data,
  });
}
