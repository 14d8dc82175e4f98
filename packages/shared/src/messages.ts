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
  accessDenied: 'You do not have permission to access this page.',
} as const;
