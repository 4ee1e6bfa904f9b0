import { AUTHENTICATION_ERROR } from '@cairn/contract';
import { formatDetail as formatServerDetail, type ServerDetail } from '@cairn/ui';

// Error text extraction (SPEC.md section 5). Bodies come from our server, proxies and older trackers
// alike, so every shape the spec lists is accepted and anything else falls back to 'Unknown error'.

export const unknownErrorText = 'Unknown error';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The text of an error's `detail`, formatted as ServerMessage shows it (a list joins by line breaks, a
 * key-value detail becomes `key: value` lines); undefined when a body gives none, or nothing to say.
 */
export function formatDetail(detail: unknown): string | undefined {
  if (!isServerDetail(detail)) return undefined;
  const text = formatServerDetail(detail);
  return text.trim() === '' ? undefined : text;
}

// Bodies are untyped; only the shapes the formatter reads are passed on.
function isServerDetail(detail: unknown): detail is ServerDetail {
  return typeof detail === 'string' || Array.isArray(detail) || isRecord(detail);
}

function errorEntryText(entry: unknown): string | undefined {
  if (nonEmptyString(entry)) return entry;
  if (isRecord(entry) && nonEmptyString(entry.message)) {
    const detail = formatDetail(entry.detail);
    return detail ? `${entry.message}\n${detail}` : entry.message;
  }
  return undefined;
}

function errorsText(errors: unknown): string | undefined {
  if (nonEmptyString(errors)) return errors;
  if (!Array.isArray(errors)) return undefined;
  const texts = errors.map(errorEntryText).filter((text): text is string => text !== undefined);
  return texts.length > 0 ? texts.join('\n') : undefined;
}

export function extractErrorText(body: unknown): string {
  if (nonEmptyString(body)) return body;
  if (!isRecord(body)) return unknownErrorText;
  const fromErrors = errorsText(body.errors);
  if (fromErrors) return fromErrors;
  for (const key of ['message', 'error', 'errorMessage'] as const) {
    const value = body[key];
    if (nonEmptyString(value)) return value;
  }
  return unknownErrorText;
}

/** Whether a body says the session is gone, whatever the HTTP status. */
export function mentionsAuthenticationError(body: unknown): boolean {
  const marker = AUTHENTICATION_ERROR;
  if (typeof body === 'string') return body.includes(marker);
  if (!isRecord(body)) return false;
  // The marker may sit in the top-level message while the errors list carries the details.
  const texts = [extractErrorText(body), body.message, body.error, body.errorMessage];
  return texts.some((text) => typeof text === 'string' && text.includes(marker));
}
