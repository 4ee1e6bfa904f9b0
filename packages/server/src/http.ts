import type { ErrorBody, ErrorItem } from '@cairn/contract';
import { MESSAGES } from '@cairn/contract';
import type { z } from 'zod';

// Thrown by handlers and hooks; the error handler turns it into the status and JSON body given here.
export class HttpError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    body: ErrorBody | Record<string, unknown>,
    headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** Parses with a contract schema; a mismatch is a 400 listing each field path and its message. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(
    result.error.issues.map((issue) => {
      const field = issue.path.map(String).join('.');
      return field ? { message: issue.message, detail: { field } } : { message: issue.message };
    }),
  );
}

/** The one shape of a refused request: a summary naming each field, and the items with their fields. */
export function validationError(errors: ErrorItem[], status = 400): HttpError {
  const summary = errors.map((error) => {
    const field =
      typeof error.detail === 'object' && !Array.isArray(error.detail) ? error.detail.field : undefined;
    return field ? `${field}: ${error.message}` : error.message;
  });
  return new HttpError(status, { message: `${MESSAGES.validation}: ${summary.join('; ')}`, errors });
}

/** The path of a request target, without its query. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
