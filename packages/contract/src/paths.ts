// Every HTTP path the panel calls. Patterns (with `:id`) are what the server registers; the builder
// functions are what the client calls, so both sides cannot drift apart.
export const API_PATHS = {
  health: '/api/health',
  ready: '/api/ready',
  mode: '/api/mode',
  signIn: '/api/user/sign_in',
  signInTwoFactor: '/api/user/sign_in/two_factor',
  logout: '/api/user/logout',
  role: '/api/user/role',
  canCreateUsers: '/api/user/:id/can_create_users',
  hideProfit: '/api/user/:id/hide_profit',
  changePassword: '/api/user/password',
  twoFactor: '/api/user/two_factor',
  twoFactorEnable: '/api/user/two_factor/enable',
  twoFactorConfirm: '/api/user/two_factor/confirm',
  twoFactorDisable: '/api/user/two_factor/disable',
  authSecret: '/api/auth/secret',
  authSecretRotate: '/api/auth/secret/rotate',
  license: '/api/license',
  backups: '/api/backups',
  backupSchedule: '/api/backups/schedule',
  backupRestore: '/api/backups/:id/restore',
  backupLocal: '/api/backups/local',
  updatesCheck: '/updates/check',
} as const;

export const apiPath = {
  canCreateUsers: (id: string | number): string =>
    `/api/user/${encodeURIComponent(String(id))}/can_create_users`,
  hideProfit: (id: string | number): string => `/api/user/${encodeURIComponent(String(id))}/hide_profit`,
  backupRestore: (id: string): string => `/api/backups/${encodeURIComponent(id)}/restore`,
} as const;

// Cookie and header names of the session and the CSRF double-submit token.
export const SESSION_COOKIE = 'cairn_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
// Query parameter that carries the per-user auth secret on read-only links opened outside the panel.
export const AUTH_QUERY_PARAM = 'auth';
