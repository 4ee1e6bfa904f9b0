import type { ErrorItem } from '@cairn/contract';
import type { UserWithSecrets } from '../auth/users.ts';
import type { HttpError } from '../http.ts';
import type { EntityDefinition } from './definition.ts';
import { messageValue } from './messageText.ts';
import type { EntityService } from './service.ts';
import { Params, scopeSql } from './sqlParts.ts';

// What imports of pasted or uploaded lines share: a per-line refusal, yes/no cells, entities named by
// name (or id) within the caller's scope, and a refused write told as one line's message.

/** A line that cannot become an offer body; other errors are real failures and abort the import. */
export class LineError extends Error {}

const YES = new Set(['yes', 'y', '1', 'true', 'auto']);
const NO = new Set(['no', 'n', '0', 'false', 'fixed', '']);

export function flag(text: string, what: string): boolean {
  const value = text.toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  throw new LineError(`${what} "${messageValue(text)}" is not yes or no`);
}

/** Name -> id lookups (case-insensitive); a bare number is taken as an id. */
export class NameIndex {
  private readonly byName = new Map<string, number[]>();
  private readonly ids = new Set<number>();
  private readonly noun: string;

  constructor(noun: string, rows: { id: number; name: string }[]) {
    this.noun = noun;
    for (const row of rows) {
      const key = row.name.trim().toLowerCase();
      this.byName.set(key, [...(this.byName.get(key) ?? []), Number(row.id)]);
      this.ids.add(Number(row.id));
    }
  }

  resolve(text: string): number | null {
    if (text === '') return null;
    if (/^\d+$/.test(text) && this.ids.has(Number(text))) return Number(text);
    const found = this.byName.get(text.toLowerCase()) ?? [];
    if (found.length === 1) return found[0] ?? null;
    if (found.length > 1)
      throw new LineError(
        `${this.noun} "${messageValue(text)}" is ambiguous: give its id (${found.join(', ')})`,
      );
    throw new LineError(`${this.noun} "${messageValue(text)}" not found`);
  }
}

/** A refused line's text: each error at its field; schema messages may quote the line, so they are escaped. */
export function describeRefusal(error: HttpError): string {
  const { message, errors } = error.body as { message?: unknown; errors?: readonly ErrorItem[] };
  if (!errors || errors.length === 0) return messageValue(message ?? error.message);
  return errors
    .map((item) => {
      const field =
        typeof item.detail === 'object' && !Array.isArray(item.detail) ? item.detail.field : undefined;
      return field ? `${field}: ${messageValue(item.message)}` : messageValue(item.message);
    })
    .join('; ');
}

/**
 * Names and ids a line may use: the kind's unarchived items the caller may read, so one outside their
 * scope is "not found" exactly like one that does not exist.
 */
export async function namesFor(
  service: EntityService,
  user: UserWithSecrets,
  definition: EntityDefinition | undefined,
  condition = 'TRUE',
): Promise<{ id: number; name: string }[]> {
  if (!definition) return [];
  const scope = await service.readScope(user, definition.kind);
  if (scope === false) return [];
  const params = new Params();
  return service.store.query<{ id: number; name: string }>(
    `SELECT t.id, t.name FROM ${definition.table} t WHERE NOT t.archived AND ${condition} AND ${scopeSql(scope, params)}`,
    params.values,
  );
}
