import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { AuthFlowError } from '../../../lib/auth-context.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { loginErrorMessage, registerErrorMessage } from './login-error.ts';
import { appPort } from './app-port.ts';

const t = i18n.getFixedT('en', 'auth');

describe('login error messages (spec section 8)', () => {
  it('maps a network failure', () => {
    expect(loginErrorMessage(new ApiError({ status: 0, message: 'Network Error', reason: 'network' }), t, '8000')).toBe(
      'Cannot connect to the server. Please check your internet connection and make sure the backend is running on port 8000.',
    );
  });

  it('maps a request that got no answer', () => {
    expect(loginErrorMessage(new ApiError({ status: 0, message: 'Request aborted', reason: 'aborted' }), t, '3000')).toBe(
      'No response from server. Please make sure the backend is running on port 3000.',
    );
  });

  it('maps 419 to the session-expired text', () => {
    const err = new ApiError({ status: 419, message: 'CSRF token mismatch.', data: { message: 'CSRF token mismatch.' } });
    expect(loginErrorMessage(err, t, '8000')).toBe('Session expired. Please refresh the page and try again.');
  });

  it('prefers the server message, then its error field, then the status', () => {
    const withMessage = new ApiError({ status: 422, message: 'x', data: { message: 'These credentials do not match our records.' } });
    expect(loginErrorMessage(withMessage, t, '8000')).toBe('These credentials do not match our records.');
    const withError = new ApiError({ status: 500, message: 'x', data: { error: 'Database down' } });
    expect(loginErrorMessage(withError, t, '8000')).toBe('Database down');
    const bare = new ApiError({ status: 502, message: 'x', data: undefined });
    expect(loginErrorMessage(bare, t, '8000')).toBe('Server error: 502');
  });

  it('has fallbacks for the auth layer and the unexpected', () => {
    expect(loginErrorMessage(new AuthFlowError('login-failed'), t, '8000')).toBe('Login failed. Please try again.');
    expect(loginErrorMessage(new AuthFlowError('login-error'), t, '8000')).toBe('An error occurred during login. Please try again.');
    expect(loginErrorMessage('boom', t, '8000')).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('the port the messages name', () => {
  it('is the page\'s own port, else the scheme\'s default, in the reader\'s digits', () => {
    expect(appPort({ port: '8000', protocol: 'http:' })).toBe('8000');
    expect(appPort({ port: '3456', protocol: 'http:' })).toBe('3456');
    expect(appPort({ port: '', protocol: 'http:' })).toBe('80');
    expect(appPort({ port: '', protocol: 'https:' })).toBe('443');
    expect(appPort({ port: '8000', protocol: 'http:' }, 'fa-AF')).toBe('۸۰۰۰');
    expect(appPort({ port: '12345', protocol: 'http:' }, 'ps-AF')).toBe('۱۲۳۴۵');
  });

  it('reads window.location by default', () => {
    expect(appPort()).toBe(window.location.port || (window.location.protocol === 'https:' ? '443' : '80'));
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
