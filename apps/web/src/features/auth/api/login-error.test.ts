import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { AuthFlowError } from '../../../lib/auth-context.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { loginErrorMessage, registerErrorMessage } from './login-error.ts';

const t = i18n.getFixedT('en', 'auth');

describe('login error messages (spec section 8)', () => {
  it('maps a network failure', () => {
    expect(loginErrorMessage(new ApiError({ status: 0, message: 'Network Error', reason: 'network' }), t)).toBe(
      'Cannot connect to the server. Please check your internet connection and make sure the backend is running on port 8000.',
    );
  });

  it('maps a request that got no answer', () => {
    expect(loginErrorMessage(new ApiError({ status: 0, message: 'Request aborted', reason: 'aborted' }), t)).toBe(
      'No response from server. Please make sure the backend is running on port 8000.',
    );
  });

  it('maps 419 to the session-expired text', () => {
    const err = new ApiError({ status: 419, message: 'CSRF token mismatch.', data: { message: 'CSRF token mismatch.' } });
    expect(loginErrorMessage(err, t)).toBe('Session expired. Please refresh the page and try again.');
  });

  it('prefers the server message, then its error field, then the status', () => {
    const withMessage = new ApiError({ status: 422, message: 'x', data: { message: 'These credentials do not match our records.' } });
    expect(loginErrorMessage(withMessage, t)).toBe('These credentials do not match our records.');
    const withError = new ApiError({ status: 500, message: 'x', data: { error: 'Database down' } });
    expect(loginErrorMessage(withError, t)).toBe('Database down');
    const bare = new ApiError({ status: 502, message: 'x', data: undefined });
    expect(loginErrorMessage(bare, t)).toBe('Server error: 502');
  });

  it('has fallbacks for the auth layer and the unexpected', () => {
    expect(loginErrorMessage(new AuthFlowError('login-failed'), t)).toBe('Login failed. Please try again.');
    expect(loginErrorMessage(new AuthFlowError('login-error'), t)).toBe('An error occurred during login. Please try again.');
    expect(loginErrorMessage('boom', t)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('registration error messages', () => {
  it('prefers the server message, else the spec fallbacks', () => {
    expect(registerErrorMessage(new ApiError({ status: 422, message: 'x', data: { message: 'The given data was invalid.' } }), t)).toBe(
      'The given data was invalid.',
    );
    expect(registerErrorMessage(new ApiError({ status: 500, message: 'x' }), t)).toBe('Registration failed. Please try again.');
    expect(registerErrorMessage(new AuthFlowError('register-error'), t)).toBe('An error occurred during registration. Please try again.');
    expect(registerErrorMessage(42, t)).toBe('An unexpected error occurred. Please try again.');
  });
});
