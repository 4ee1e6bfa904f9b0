import {
  API_PATHS,
  type AuthSecretRotateRequest,
  apiPath,
  type ChangePasswordRequest,
  DEMO_ACCOUNT,
  type Mode,
  type RoleResponse,
  type SignInResponse,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  type UpdatesCheckResponse,
} from '@cairn/contract';
import type { ApiClient, CallResult, CallStatus } from '../http/client.ts';
import { panelLinks } from '../http/config.ts';
import { extractErrorText } from '../http/errorText.ts';
import {
  licenseErrorMessage,
  permissionDeniedMessage,
  updateCheckBrokenMessage,
  wrongCredentialsMessage,
} from '../http/messages.ts';
import { responseSchema } from './responseSchema.ts';

// The calls of SPEC.md section 7 (and the account calls the panel's own pages need), each turning the
// client's result into what its screen shows. Their response schemas are fetched with the first answer
// they check (responseSchema.ts): the sign-in screen renders without zod.

export async function fetchMode(client: ApiClient): Promise<CallResult<Mode>> {
  // Any value but demo means normal (SPEC.md section 3), so the field is read loosely.
  const result = await client.get(API_PATHS.mode, { schema: responseSchema('modeFieldSchema') });
  if (result.status !== 'ok') return result;
  return { ...result, data: result.data.mode === 'demo' ? 'demo' : 'normal' };
}

/** Whether the deployment is a demo; a failing mode call counts as not demo. */
export async function isDemoMode(client: ApiClient): Promise<boolean> {
  const result = await fetchMode(client);
  return result.status === 'ok' && result.data === 'demo';
}

export interface LicenseProblem {
  error: string;
  trackerId?: string;
}

export function licenseProblemFrom(body: unknown): LicenseProblem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const error = typeof record.error === 'string' && record.error ? record.error : extractErrorText(body);
  return typeof record.trackerId === 'string' ? { error, trackerId: record.trackerId } : { error };
}

export interface SignInResult {
  status: CallStatus;
  /** What the sign-in screen shows; empty on success. */
  message: string;
  needTwoFactor: boolean;
  license?: LicenseProblem;
}

function signInOutcome(result: CallResult<SignInResponse>): SignInResult {
  if (result.status === 'ok') {
    return { status: 'ok', message: '', needTwoFactor: result.data.status === 'need_two_factor' };
  }
  if (result.httpStatus === 401) {
    return { status: 'access-denied', message: wrongCredentialsMessage, needTwoFactor: false };
  }
  if (result.status === 'license-expired') {
    const license = licenseProblemFrom(result.body);
    return {
      status: 'license-expired',
      message: licenseErrorMessage(license, panelLinks.providerLogin),
      needTwoFactor: false,
      license,
    };
  }
  return { status: result.status, message: result.message, needTwoFactor: false };
}

export async function signIn(client: ApiClient, login: string, password: string): Promise<SignInResult> {
  return signInOutcome(
    await client.post(API_PATHS.signIn, {
      json: { login, password },
      schema: responseSchema('signInResponseSchema'),
    }),
  );
}

export async function signInTwoFactor(client: ApiClient, code: string): Promise<SignInResult> {
  const result = await client.post(API_PATHS.signInTwoFactor, {
    json: { code },
    schema: responseSchema('signInResponseSchema'),
  });
  if (result.status !== 'ok' && result.httpStatus === 401) {
    return { status: 'access-denied', message: result.message, needTwoFactor: true };
  }
  return signInOutcome(result);
}

export function signInDemo(client: ApiClient): Promise<SignInResult> {
  return signIn(client, DEMO_ACCOUNT.login, DEMO_ACCOUNT.password);
}

export function logout(client: ApiClient) {
  return client.post(API_PATHS.logout, { schema: responseSchema('okResponseSchema') });
}

export type RoleResult = CallResult<RoleResponse>;

export function fetchRole(client: ApiClient): Promise<RoleResult> {
  return client.get(API_PATHS.role, { schema: responseSchema('roleResponseSchema') });
}

export async function fetchCanCreateUsers(client: ApiClient, id: string): Promise<boolean | undefined> {
  const result = await client.get(apiPath.canCreateUsers(id), {
    schema: responseSchema('canCreateUsersResponseSchema'),
  });
  return result.status === 'ok' ? result.data.canCreateUsers : undefined;
}

export async function fetchHideProfit(client: ApiClient, id: string): Promise<boolean | undefined> {
  const result = await client.get(apiPath.hideProfit(id), {
    schema: responseSchema('hideProfitResponseSchema'),
  });
  return result.status === 'ok' ? result.data.hideProfit : undefined;
}

export async function fetchAuthSecret(client: ApiClient): Promise<CallResult<string>> {
  const result = await client.get(API_PATHS.authSecret, {
    schema: responseSchema('authSecretResponseSchema'),
  });
  return result.status === 'ok' ? { ...result, data: result.data.secret } : result;
}

export async function rotateAuthSecret(
  client: ApiClient,
  currentPassword: string,
): Promise<CallResult<string>> {
  const result = await client.post(API_PATHS.authSecretRotate, {
    json: { currentPassword } satisfies AuthSecretRotateRequest,
    schema: responseSchema('authSecretResponseSchema'),
  });
  return result.status === 'ok' ? { ...result, data: result.data.secret } : result;
}

export type UpdatesCheck = UpdatesCheckResponse;

/** The update check with the messages of SPEC.md section 8 for a plain user and a broken monitor. */
export async function checkForUpdates(client: ApiClient): Promise<CallResult<UpdatesCheck>> {
  const result = await client.get(API_PATHS.updatesCheck, {
    schema: responseSchema('updatesCheckResponseSchema'),
  });
  if (result.status === 'ok') return result;
  if (result.httpStatus === 403) return { ...result, message: permissionDeniedMessage };
  if (result.httpStatus >= 500) return { ...result, message: updateCheckBrokenMessage };
  return result;
}

export function fetchBackups(client: ApiClient) {
  return client.get(API_PATHS.backups, { schema: responseSchema('backupListResponseSchema') });
}

export function changePassword(client: ApiClient, currentPassword: string, newPassword: string) {
  return client.post(API_PATHS.changePassword, {
    json: { currentPassword, newPassword } satisfies ChangePasswordRequest,
    schema: responseSchema('okResponseSchema'),
  });
}

export function fetchTwoFactorStatus(client: ApiClient) {
  return client.get(API_PATHS.twoFactor, { schema: responseSchema('twoFactorStatusResponseSchema') });
}

export function enableTwoFactor(client: ApiClient, currentPassword: string) {
  return client.post(API_PATHS.twoFactorEnable, {
    json: { currentPassword } satisfies TwoFactorEnableRequest,
    schema: responseSchema('twoFactorEnableResponseSchema'),
  });
}

export function confirmTwoFactor(client: ApiClient, code: string) {
  return client.post(API_PATHS.twoFactorConfirm, {
    json: { code },
    schema: responseSchema('okResponseSchema'),
  });
}

export function disableTwoFactor(client: ApiClient, code: string, currentPassword: string) {
  return client.post(API_PATHS.twoFactorDisable, {
    json: { code, currentPassword } satisfies TwoFactorDisableRequest,
    schema: responseSchema('okResponseSchema'),
  });
}
