import type { FieldErrors } from '../../entities/types.ts';

/** The first message per field of a failed zod parse, keyed like the server's `detail.field`. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
