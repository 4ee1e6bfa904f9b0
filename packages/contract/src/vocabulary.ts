// The plain words server and panel share: call outcomes, fixed messages, the demo account. No zod here:
// the panel's first chunk needs these before it validates anything, and a module with schemas would
// bring its schemas (and zod) along, since a bundler cannot tell that building one has no side effects.
// errors.ts and auth.ts re-export them beside their schemas.

// Outcome of every panel call, whatever its transport status.
export const CALL_STATUSES = [
  'access-denied',
  'cancelled',
  'error',
  'license-expired',
  'not-found',
  'ok',
  'partial-error',
  'server-error',
] as const;

// A 401 body always contains this marker; the panel treats it (or any 401) as session loss.
export const AUTHENTICATION_ERROR = 'AUTHENTICATION_ERROR';

export const MESSAGES = {
  wrongCredentials: 'Wrong username or password',
  permissionDenied: 'Permission denied',
  authenticationRequired: `${AUTHENTICATION_ERROR}: sign in required`,
  demoUnavailable: 'This feature is unavailable in the demo version',
  csrf: 'CSRF token missing or invalid',
  tooManyAttempts: 'Too many sign-in attempts, try again later',
  notFound: 'Not found',
  validation: 'Invalid request',
} as const;

export const LICENSE_ERRORS = ['License not found', 'License expired'] as const;

// The public demo account. The server seeds it in demo mode and the panel's demo sign-in posts it, so
// both read it from here.
export const DEMO_ACCOUNT = { login: 'demo', password: 'demo-cairn' } as const;
