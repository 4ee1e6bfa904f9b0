import { ServerMessage } from '@cairn/ui';
import type { CallResult } from '../http/client.ts';
import { type CallProblem, problemOf } from './api.ts';
import * as styles from './entities.css.ts';
import type { FieldErrors } from './types.ts';

// How the entity pages show a failed call: at the fields it names, in a box above the form, or in the ui
// dialogs (confirm, mass edit) that show a rejection through ServerMessage.

/** Server errors split into those a visible field shows and the rest (shown above the form). */
export function splitProblem(
  problem: CallProblem,
  fieldNames: readonly string[],
): { fieldErrors: FieldErrors; rest: CallProblem } {
  const fieldErrors: FieldErrors = {};
  const rest: CallProblem['errors'] = [];
  for (const error of problem.errors) {
    const top = error.field?.split('.')[0];
    if (error.field && top && fieldNames.includes(top)) fieldErrors[error.field] ??= error.message;
    else rest.push(error);
  }
  return { fieldErrors, rest: { message: problem.message, errors: rest } };
}

export function ProblemBox({ problem }: { problem: CallProblem }) {
  return (
    <div role="alert" className={styles.problem}>
      <ServerMessage message={problem.message} errors={problem.errors} />
    </div>
  );
}

/** Turns a failed call into a rejection the ui dialogs show through ServerMessage. */
export function rejectUnlessOk<T>(result: CallResult<T>): T {
  if (result.status === 'ok') return result.data;
  throw problemOf(result);
}

export function renderProblem(error: unknown) {
  if (typeof error === 'object' && error !== null && 'message' in error && 'errors' in error) {
    const problem = error as CallProblem;
    return <ServerMessage message={problem.message} errors={problem.errors} />;
  }
  return <ServerMessage message={error instanceof Error ? error.message : String(error)} />;
}
