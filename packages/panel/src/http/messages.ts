import { MESSAGES } from '@cairn/contract';

// The fixed texts of SPEC.md section 8.

export const gatewayTimeoutStatus = 504;
export const demoUnavailableStatus = 410;

export const gatewayTimeoutMessage = 'Gateway timeout. Simplify the request or try again later.';

export interface DemoLinks {
  trial?: string | undefined;
  support?: string | undefined;
  telegram?: string | undefined;
}

/**
 * The 410 text of SPEC.md section 8. Each {host} is an address the operator configured; one that is not
 * set leaves its sentence whole, only without the address.
 */
export function demoUnavailableMessage(links: DemoLinks): string {
  const register = links.trial ? `Simply register at ${links.trial}` : 'Simply register';
  const support = links.support ? `contact our support team (${links.support})` : 'contact our support team';
  const telegram = links.telegram ? `write to us on Telegram (${links.telegram})` : 'write to us on Telegram';
  return (
    'This feature is unavailable in the demo version. However, you can access our 14-day free trial with all ' +
    `features available. ${register} and ${support} for assistance, or ${telegram}.`
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

/** The licence text of SPEC.md section 8; without a configured login page it names the page alone. */
export function licenseErrorMessage(license: LicenseError, providerLoginUrl?: string | undefined): string {
  const trackerId = license.trackerId ?? 'unknown';
  if (license.error === licenseNotFoundError) {
    const page = providerLoginUrl
      ? `the provider's login page (${providerLoginUrl})`
      : "the provider's login page";
    return (
      `License not found. Your tracker ID is ${trackerId}. Enter this tracker ID into the license of the ` +
      `second-generation version of Cairn on ${page}.`
    );
  }
  return `License error: ${license.error}. Tracker ID: ${trackerId}`;
}
