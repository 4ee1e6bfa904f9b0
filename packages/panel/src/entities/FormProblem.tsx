import { ServerMessage } from '@cairn/ui';
import * as styles from '../pages/pages.css.ts';
import type { CallProblem } from './api.ts';

/**
 * A failed submit's message with the errors no field of the form shows itself (`atField` says which it
 * shows); nothing when every error already stands at its field.
 */
export function FormProblem({
  problem,
  atField,
  className = styles.message,
}: {
  problem: CallProblem | undefined;
  atField: (field: string | undefined) => boolean;
  className?: string;
}) {
  if (!problem) return null;
  const others = problem.errors.filter((error) => !atField(error.field));
  if (others.length === 0 && problem.errors.length > 0) return null;
  return (
    <div role="alert" className={className}>
      <ServerMessage message={problem.message} errors={others} />
    </div>
  );
}
