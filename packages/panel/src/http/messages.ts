import { MESSAGES } from '@cairn/contract';

// The fixed texts of SPEC.md section 8.

export const gatewayTimeoutStatus = 504;
export const demoUnavailableStatus = 410;

export const gatewayTimeoutMessage = 'Gateway timeout. Simplify the request or try again later.';

export interface DemoLinks {
  trial: string;
  support: string;
  telegram: string;
}

export function demoUnavailableMessage(links: DemoLinks): string {
  return (
    'This feature is unavailable in the demo version. However, you can access our 14-day free trial with all ' +
    `features available. Simply register at ${links.trial} and contact our support team (${links.support}) for ` +
    `assistance, or write to us on Telegram (${links.telegram}).`
  );
}

export function nonApiErrorMessage(cause: unknown): string {
  const causeText = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
  return causeText ? `Non-api error. ${causeText}` : 'Non-api error.';
}

export const wrongCredentialsMessage = MESSAGES.wrongCredentials;
export const permissionDeniedMessage = MESSAGES.permissionDenied;
export const updateCheckBrokenMessage =
  'Monitor and updating are not working. Please contact our support (the monitor observer is disabled)';

export const licenseNotFoundError = 'License not found';

export interface LicenseError {
  error: string;
  trackerId?: string | undefined;
}

export function licenseErrorMessage(license: LicenseError, providerLoginUrl: string): string {
  const trackerId = license.trackerId ?? 'unknown';
  if (license.error === licenseNotFoundError) {
    return (
      `License not found. Your tracker ID is ${trackerId}. Enter this tracker ID into the license of the ` +
      `second-generation version of Cairn on the provider's login page (${providerLoginUrl}).`
    );
  }
  return `License error: ${license.error}. Tracker ID: ${trackerId}`;
}
