import { type ErrorItem, errorBodySchema } from '@cairn/contract';
import { focusFirstInvalid, ServerMessage, TextField } from '@cairn/ui';
import { type RefObject, useEffect } from 'react';
import type { z } from 'zod';
import type { CallFailure } from '../../../http/client.ts';
import * as styles from '../../../pages/pages.css.ts';

// What the account-security forms of the user settings share (password, two-factor, link secret): the
// server asks for the current password again on each, names the field a refusal is about, and a refusal
// that names none (too many tries, demo, server down) is shown above the form.

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormProblem {
  message: string;
  errors: readonly ErrorItem[];
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The contract's own checks of a request, keyed like the server's `detail.field`: what the server would
 * refuse is said at once, at its field, without a round trip.
 */
export function localErrors<F extends string>(schema: z.ZodType, input: Record<F, string>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field in input) errors[field as F] ??= issue.message;
  }
  return errors;
}

function fieldOf(detail: ErrorItem['detail']): string | undefined {
  return typeof detail === 'object' && !Array.isArray(detail) ? detail.field : undefined;
}

/** A refusal split into the messages the form's fields show and the rest, shown above the form. */
export function refusalOf<F extends string>(
  result: CallFailure,
  fields: readonly F[],
): { fieldErrors: FieldErrors<F>; problem?: FormProblem } {
  const parsed = errorBodySchema.safeParse(result.body);
  const fieldErrors: FieldErrors<F> = {};
  const rest: ErrorItem[] = [];
  for (const item of parsed.success ? (parsed.data.errors ?? []) : []) {
    const field = fieldOf(item.detail);
    if (field && (fields as readonly string[]).includes(field)) fieldErrors[field as F] ??= item.message;
    else rest.push(item);
  }
  if (rest.length > 0) return { fieldErrors, problem: { message: '', errors: rest } };
  // The body's summary would repeat what the fields already say.
  if (hasErrors(fieldErrors)) return { fieldErrors };
  // Nothing listed (a 429's "try again later", a 409, a proxy's page): the client's text of the answer.
  return { fieldErrors, problem: { message: result.message, errors: [] } };
}

export function ProblemAlert({ problem }: { problem: FormProblem | undefined }) {
  if (!problem) return null;
  return (
    <div role="alert" className={styles.message}>
      <ServerMessage message={problem.message} errors={problem.errors} />
    </div>
  );
}

/**
 * Moves focus to the first field marked invalid whenever a submit sets new errors, so a keyboard or
 * screen-reader user lands on the message (field errors are read with their field, not announced).
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: FieldErrors<string>) {
  useEffect(() => {
    if (!hasErrors(errors)) return;
    focusFirstInvalid(form.current);
  }, [form, errors]);
}

export function CurrentPasswordField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      required
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
