/** Section 8 texts used by both sides, verbatim. */
export const MSG = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  csrf: 'CSRF token mismatch.',
  notFound: 'Not Found.',
  invalidJson: 'The request body is not valid JSON.',
  validation: 'The given data was invalid.',
  tooManyAttempts: 'Too many login attempts. Please try again in :seconds seconds.',
  tooManyRequests: 'Too many requests. Please slow down.',
  badCredentials: 'These credentials do not match our records.',
  serverError: 'Server error. Please try again later.',
  maintenance: 'The system is under maintenance. Please try again later.',
  fileTooLarge: 'The file is too large.',
  registered: 'Registration successful. Please log in.',
  loggedOut: 'Logged out successfully.',
  loggedOutEverywhere: 'Signed out on every device and browser.',
  accessDenied: 'You do not have permission to access this page.',
} as const;

/**
 * Machine-readable `code` beside `message` in every error answer: the client branches on these,
 * never on the (translatable) text. A status maps to its general code; an error the client
 * treats specially gets its own (`email_taken`, `changed_meanwhile`).
 */
export const ERROR_CODE = {
  badRequest: 'bad_request',
  invalidJson: 'invalid_json',
  unauthenticated: 'unauthenticated',
  /** 401 for a token the server ended (sign out everywhere, a password change, lockdown): the phone wipes what it keeps offline. */
  sessionRevoked: 'session_revoked',
  /** 401 for a token whose account was removed: the phone wipes what it keeps offline. */
  accountDisabled: 'account_disabled',
  forbidden: 'forbidden',
  invalidSignature: 'invalid_signature',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  changedMeanwhile: 'changed_meanwhile',
  /** A create met the record already there for the same child and assessment or month (409, with `current`): a conflict to review, not a duplicate. */
  alreadyRecorded: 'already_recorded',
  /** The first request with this Idempotency-Key is still being handled (409, Retry-After): send it again. */
  requestInProgress: 'request_in_progress',
  /** An Idempotency-Key sent again with another request (422). */
  idempotencyKeyReused: 'idempotency_key_reused',
  fileTooLarge: 'file_too_large',
  /** An upload past its user's quota or the server's free disk (413): waiting or finishing other uploads helps, sending again does not. */
  uploadQuota: 'upload_quota',
  csrfMismatch: 'csrf_mismatch',
  validationFailed: 'validation_failed',
  emailTaken: 'email_taken',
  invalidCredentials: 'invalid_credentials',
  rateLimited: 'rate_limited',
  serverError: 'server_error',
  maintenance: 'maintenance',
} as const;

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];
export const ERROR_CODES = Object.values(ERROR_CODE) as [ErrorCode, ...ErrorCode[]];

/** The general code of an HTTP error status, for errors that name no code of their own. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401: return ERROR_CODE.unauthenticated;
    case 403: return ERROR_CODE.forbidden;
    case 404: return ERROR_CODE.notFound;
    case 405: return ERROR_CODE.methodNotAllowed;
    case 409: return ERROR_CODE.conflict;
    case 413: return ERROR_CODE.fileTooLarge;
    case 419: return ERROR_CODE.csrfMismatch;
    case 422: return ERROR_CODE.validationFailed;
    case 429: return ERROR_CODE.rateLimited;
    case 503: return ERROR_CODE.maintenance;
    default: return status >= 500 ? ERROR_CODE.serverError : ERROR_CODE.badRequest;
  }
}
