import type { ErrorItem } from '@cairn/contract';
import { type AuditEntry, recordAuditMany } from '../audit.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import { HttpError, validationError } from '../http.ts';
import type { Sql } from '../store/config/port.ts';
import { diffFields } from './audit.ts';
import type { AuditWriter, EntityDefinition, EntityRecord } from './definition.ts';
import type { EntityRepository } from './repository.ts';

// The write half of EntityService.createMany: bodies already validated by the input schema become rows in
// one transaction, with every database check made once for the whole batch.

/** A refusal raised after the item's row was written: its batch is rolled back and written without it. */
export class RefusedAfterWrite extends Error {
  readonly index: number;
  readonly refusal: HttpError;
  constructor(index: number, refusal: HttpError) {
    super(refusal.message);
    this.index = index;
    this.refusal = refusal;
  }
}

/** What the batch write needs of the service. */
export interface BulkWriteDeps {
  entities: EntityRepository;
  now(): number;
  /** The caller's permission check of one new item (throws an HttpError to refuse it). */
  checkWrite(tx: Sql, user: UserWithSecrets, kind: string, values: Record<string, unknown>): Promise<void>;
  auditEntry(user: UserWithSecrets, entry: Parameters<AuditWriter>[0]): AuditEntry;
  auditWriter(tx: Sql, user: UserWithSecrets): AuditWriter;
}

export interface PendingItem {
  /** The body's place in the request. */
  index: number;
  input: Record<string, unknown>;
}

/**
 * Checks and writes the items in `tx`: permissions per item, then references and uniqueness in one query
 * per rule, then multi-row inserts (row by row for kinds with an afterWrite hook), one read-back per 500
 * rows and batched audit entries.
 * Resolves to the created records and the refusals, both keyed by index.
 */
export async function writeMany(
  deps: BulkWriteDeps,
  tx: Sql,
  user: UserWithSecrets,
  definition: EntityDefinition,
  pending: readonly PendingItem[],
): Promise<{ created: Map<number, EntityRecord>; refused: Map<number, HttpError> }> {
  const { entities } = deps;
  const refused = new Map<number, HttpError>();
  // Permissions come first, so a reference the caller cannot see answers like a missing one.
  let items: PendingItem[] = [];
  for (const item of pending) {
    try {
      await deps.checkWrite(tx, user, definition.kind, item.input);
      items.push(item);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refused.set(item.index, error);
    }
  }
  const keep = (errors: ErrorItem[][], status: number) =>
    items.filter((item, n) => {
      const found = errors[n] ?? [];
      if (found.length > 0) refused.set(item.index, validationError(found, status));
      return found.length === 0;
    });
  const references = items.map((item) => ({ values: item.input, previous: null }));
  items = keep(await entities.checkReferencesMany(tx, definition, references), 400);
  const unique = items.map((item) => ({ values: item.input, id: null }));
  items = keep(await entities.checkUniqueMany(tx, definition, unique), 409);

  const rows: Record<string, unknown>[] = [];
  const derived: PendingItem[] = [];
  for (const item of items) {
    try {
      rows.push({ ...item.input, ...(await definition.derive?.(item.input, null, tx)) });
      derived.push(item);
    } catch (error) {
      // Nothing of this item is written yet, so refusing it here leaves the others alone.
      if (!(error instanceof HttpError)) throw error;
      refused.set(item.index, error);
    }
  }
  items = derived;
  // An afterWrite hook may look at (or change) the other rows, as "keep a single default" does, so with
  // one the rows go in one at a time, each followed by its hook, exactly as single creates would.
  const ids: number[] = [];
  const { afterWrite } = definition;
  if (!afterWrite) ids.push(...(await entities.insertMany(tx, definition, rows)));
  else {
    const audit = deps.auditWriter(tx, user);
    for (const [n, item] of items.entries()) {
      const values = rows[n] as Record<string, unknown>;
      const id = await entities.insert(tx, definition, values);
      ids.push(id);
      try {
        await afterWrite({ tx, now: deps.now(), id, values, previous: null, audit });
      } catch (error) {
        throw error instanceof HttpError ? new RefusedAfterWrite(item.index, error) : error;
      }
    }
  }

  const stored = new Map((await entities.findMany(tx, definition, ids)).map((record) => [record.id, record]));
  const created = new Map<number, EntityRecord>();
  for (const [n, item] of items.entries()) {
    const record = stored.get(ids[n] as number);
    if (!record) throw new Error(`Created ${definition.noun} ${ids[n]} cannot be read back`);
    created.set(item.index, record);
  }
  const fields = Object.keys(definition.fields);
  await recordAuditMany(
    tx,
    deps.now(),
    [...created.values()].map((record) =>
      deps.auditEntry(user, {
        kind: definition.kind,
        id: record.id,
        action: 'created',
        changes: diffFields(null, record, fields),
      }),
    ),
  );
  return { created, refused };
}
