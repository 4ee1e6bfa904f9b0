import {
  type ErrorItem,
  type ListResponse,
  type MassUpdateResponse,
  MESSAGES,
  massUpdateRequestSchemaFor,
} from '@cairn/contract';
import type { z } from 'zod';
import { type AuditEntry, recordAudit } from '../audit.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import type { ConfigStore, Sql } from '../store/config/port.ts';
import { type AuditChanges, diffFields } from './audit.ts';
import { type BulkWriteDeps, type PendingItem, RefusedAfterWrite, writeMany } from './bulkCreate.ts';
import { EntityChanges } from './changes.ts';
import {
  type AuditWriter,
  type EntityDefinition,
  type EntityRecord,
  inputOf,
  type PresentEnv,
  type SqlCondition,
} from './definition.ts';
import {
  capitalize,
  escapedValidationError,
  messageValue,
  notFoundError,
  stillUsedError,
} from './messageText.ts';
import type { EntityRepository, ListRequest } from './repository.ts';
import type { ReadScope } from './sqlParts.ts';

export type EntityAction = 'read' | 'write';

/**
 * Who may do what with entities. Per-kind permissions plug in here (all / by group / chosen items, read or
 * read-write) in here: `authorize` refuses a call, `scope` narrows what lists show.
 */
export interface EntityAccess {
  authorize(user: UserWithSecrets, kind: string, action: EntityAction, id?: number): void | Promise<void>;
  scope(user: UserWithSecrets, kind: string): SqlCondition | null | Promise<SqlCondition | null>;
  /**
   * Runs in the write's transaction with the validated values (previous is null on create): refuses values
   * outside the user's permissions, e.g. a campaign created in or moved to a group they may not use.
   */
  checkWrite?(
    tx: Sql,
    user: UserWithSecrets,
    kind: string,
    values: Record<string, unknown>,
    previous: EntityRecord | null,
  ): Promise<void>;
}

/** Admins and the super-admin manage everything, plain users nothing; the app uses permissions/access.ts. */
export const adminOnlyAccess: EntityAccess = {
  authorize(user) {
    if (user.role === 'user') throw new HttpError(403, { message: MESSAGES.permissionDenied });
  },
  scope: () => null,
};

/** What one body of a bulk create became: the created item as a read returns it, or why it was refused. */
export type CreateManyResult = { ok: true; item: Record<string, unknown> } | { ok: false; error: HttpError };

/** The operations behind the routes: validation, references, audit, one transaction per change. */
export class EntityService {
  readonly store: ConfigStore;
  private readonly entities: EntityRepository;
  private readonly now: () => number;
  private readonly massSchemas = new Map<string, z.ZodType>();

  private readonly access: EntityAccess;
  private readonly changes: EntityChanges;
  private readonly bulkDeps: BulkWriteDeps;

  constructor(
    store: ConfigStore,
    entities: EntityRepository,
    now: () => number,
    access: EntityAccess = adminOnlyAccess,
    changes: EntityChanges = new EntityChanges(),
  ) {
    this.store = store;
    this.entities = entities;
    this.now = now;
    this.access = access;
    this.changes = changes;
    this.bulkDeps = {
      entities,
      now,
      checkWrite: async (tx, user, kind, values) => this.access.checkWrite?.(tx, user, kind, values, null),
      auditEntry: (user, entry) => this.auditEntry(user, entry),
      auditWriter: (tx, user) => this.auditWriter(tx, user),
    };
  }

  /**
   * Announces committed writes; call it after the transaction that made them has resolved, and answer
   * once it resolves (this node's copies then hold them).
   */
  async announce(kind: string, ids: readonly number[]): Promise<void> {
    await Promise.all(ids.map((id) => this.changes.emit(kind, id)));
  }

  private auditEntry(user: UserWithSecrets, entry: Parameters<AuditWriter>[0]): AuditEntry {
    return {
      userId: user.id,
      action: `${entry.kind}_${entry.action}`,
      entityKind: entry.kind,
      entityId: entry.id,
      details: { changes: this.maskSecrets(entry.kind, entry.changes) },
    };
  }

  private auditWriter(sql: Sql, user: UserWithSecrets): AuditWriter {
    return (entry) => recordAudit(sql, this.now(), this.auditEntry(user, entry));
  }

  /**
   * What the caller may read of a kind. Runs on the store itself: call it before a transaction (inside
   * one, the embedded store's queue would wait for the transaction waiting for it).
   */
  async readScope(user: UserWithSecrets, kind: string): Promise<ReadScope> {
    try {
      return await this.access.scope(user, kind);
    } catch (error) {
      // No permission for the kind at all: none of its items may be named.
      if (error instanceof HttpError && error.status === 403) return false;
      throw error;
    }
  }

  private maskSecrets(kind: string, changes: AuditChanges): AuditChanges {
    const fields = this.entities.definition(kind)?.fields ?? {};
    const masked: AuditChanges = {};
    for (const [field, change] of Object.entries(changes)) {
      const secret = (value: unknown, label: string) => (value === null ? null : label);
      masked[field] = fields[field]?.secret
        ? { before: secret(change.before, '(secret)'), after: secret(change.after, '(secret, changed)') }
        : change;
    }
    return masked;
  }

  private async mustFind(sql: Sql, definition: EntityDefinition, id: number): Promise<EntityRecord> {
    const record = await this.entities.find(sql, definition, id);
    if (!record) throw notFoundError(definition, [id]);
    return record;
  }

  async list(
    definition: EntityDefinition,
    request: ListRequest,
    env: PresentEnv,
  ): Promise<ListResponse<Record<string, unknown>>> {
    const { records, total } = await this.entities.list(this.store, definition, request);
    return {
      items: records.map((record) => definition.present(record, env)),
      total,
      page: request.page,
      pageSize: request.pageSize,
    };
  }

  async get(definition: EntityDefinition, id: number, env: PresentEnv): Promise<Record<string, unknown>> {
    return definition.present(await this.mustFind(this.store, definition, id), env);
  }

  /**
   * Checks that need the database, after the caller's own permissions (so a reference the caller cannot
   * see answers like a missing one): refused references are a 400, taken unique values a 409.
   */
  private async checkStored(
    sql: Sql,
    user: UserWithSecrets,
    definition: EntityDefinition,
    values: Record<string, unknown>,
    previous: EntityRecord | null,
  ): Promise<void> {
    await this.access.checkWrite?.(sql, user, definition.kind, values, previous);
    const referenceErrors = await this.entities.checkReferences(sql, definition, values, previous);
    if (referenceErrors.length > 0) throw validationError(referenceErrors);
    const uniqueErrors = await this.entities.checkUnique(sql, definition, values, previous?.id ?? null);
    if (uniqueErrors.length > 0) throw validationError(uniqueErrors, 409);
  }

  /** Creates from an unvalidated body. */
  async create(
    user: UserWithSecrets,
    definition: EntityDefinition,
    body: unknown,
    env: PresentEnv,
  ): Promise<Record<string, unknown>> {
    const [result] = await this.createMany(user, definition, [body], env);
    if (!result?.ok) throw result?.error ?? new Error('createMany gave no result');
    return result.item;
  }

  /**
   * Creates from many unvalidated bodies: all are validated first, then the valid ones are written in one
   * transaction with multi-row inserts, one query per reference field and uniqueness rule (duplicates
   * within the batch included) and batched audit entries. Each body gets its own result, in order; a
   * refused body never stops the others. Errors other than refusals roll everything back.
   */
  async createMany(
    user: UserWithSecrets,
    definition: EntityDefinition,
    bodies: readonly unknown[],
    env: PresentEnv,
  ): Promise<CreateManyResult[]> {
    const results: CreateManyResult[] = [];
    let pending: PendingItem[] = [];
    for (const [index, body] of bodies.entries()) {
      try {
        pending.push({ index, input: parseInput(definition.inputSchema, body) });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results[index] = { ok: false, error };
      }
    }
    // Without savepoints a written row cannot be taken back alone, so when an afterWrite hook refuses one,
    // the batch is rolled back and written again without it.
    while (pending.length > 0) {
      try {
        const { created, refused } = await this.store.transaction((tx) =>
          writeMany(this.bulkDeps, tx, user, definition, pending),
        );
        for (const [index, error] of refused) results[index] = { ok: false, error };
        for (const [index, record] of created)
          results[index] = { ok: true, item: definition.present(record, env) };
        await this.announce(
          definition.kind,
          [...created.values()].map((record) => record.id),
        );
        break;
      } catch (error) {
        if (!(error instanceof RefusedAfterWrite)) throw error;
        results[error.index] = { ok: false, error: error.refusal };
        pending = pending.filter((item) => item.index !== error.index);
      }
    }
    return results;
  }

  async replace(
    user: UserWithSecrets,
    definition: EntityDefinition,
    id: number,
    body: unknown,
    env: PresentEnv,
  ): Promise<Record<string, unknown>> {
    const record = await this.store.transaction(async (tx) =>
      this.replaceIn(tx, user, definition, await this.mustFind(tx, definition, id), body),
    );
    await this.announce(definition.kind, [id]);
    return definition.present(record, env);
  }

  /** `replace` inside the caller's transaction; the caller announces the change after the commit. */
  async replaceIn(
    tx: Sql,
    user: UserWithSecrets,
    definition: EntityDefinition,
    previous: EntityRecord,
    body: unknown,
  ): Promise<EntityRecord> {
    const input = parseInput(definition.inputSchema, body);
    const immutable = (definition.immutableFields ?? []).filter(
      (field) => JSON.stringify(previous[field]) !== JSON.stringify(input[field]),
    );
    if (immutable.length > 0) {
      throw validationError(
        immutable.map((field) => ({ message: 'Cannot change after creation', detail: { field } })),
      );
    }
    await this.checkStored(tx, user, definition, input, previous);
    const values = { ...input, ...(await definition.derive?.(input, previous, tx)) };
    return this.write(tx, user, definition, previous, values);
  }

  /**
   * One create inside the caller's transaction, checked and audited as through the routes; `kept` overrides
   * derived values the item must keep (a campaign's URL key). The caller announces it after the commit.
   */
  async createIn(
    tx: Sql,
    user: UserWithSecrets,
    definition: EntityDefinition,
    body: unknown,
    kept: Record<string, unknown> = {},
  ): Promise<EntityRecord> {
    const input = parseInput(definition.inputSchema, body);
    await this.checkStored(tx, user, definition, input, null);
    const values = { ...input, ...(await definition.derive?.(input, null, tx)), ...kept };
    const audit = this.auditWriter(tx, user);
    const id = await this.entities.insert(tx, definition, values);
    await definition.afterWrite?.({ tx, now: this.now(), id, values, previous: null, audit });
    const record = await this.mustFind(tx, definition, id);
    await audit({
      kind: definition.kind,
      id,
      action: 'created',
      changes: diffFields(null, record, Object.keys(definition.fields)),
    });
    return record;
  }

  /** Archives or restores inside the caller's transaction, as `setArchived` does. */
  setArchivedIn(
    tx: Sql,
    user: UserWithSecrets,
    definition: EntityDefinition,
    previous: EntityRecord,
    archived: boolean,
  ): Promise<EntityRecord> {
    return this.write(tx, user, definition, previous, { archived });
  }

  /** Stores the changed fields of `values` and audits them; nothing changed means nothing written. */
  private async write(
    tx: Sql,
    user: UserWithSecrets,
    definition: EntityDefinition,
    previous: EntityRecord,
    values: Record<string, unknown>,
  ): Promise<EntityRecord> {
    // Only stored fields can change; request-only values (a new password) reach afterWrite but not the diff.
    const stored = Object.keys(values).filter((field) => field === 'archived' || field in definition.fields);
    const changed = diffFields(previous, values, stored);
    if (Object.keys(changed).length === 0) return previous;
    const audit = this.auditWriter(tx, user);
    await this.entities.update(
      tx,
      definition,
      previous.id,
      Object.fromEntries(Object.entries(changed).map(([field, change]) => [field, change.after])),
    );
    await definition.afterWrite?.({ tx, now: this.now(), id: previous.id, values, previous, audit });
    const action = 'archived' in changed ? (values.archived ? 'archived' : 'restored') : 'updated';
    await audit({ kind: definition.kind, id: previous.id, action, changes: changed });
    return this.mustFind(tx, definition, previous.id);
  }

  async mass(
    user: UserWithSecrets,
    definition: EntityDefinition,
    body: unknown,
  ): Promise<MassUpdateResponse> {
    let schema = this.massSchemas.get(definition.kind);
    if (!schema) {
      schema = massUpdateRequestSchemaFor(definition.massChangesSchema);
      this.massSchemas.set(definition.kind, schema);
    }
    // The panel shows mass-edit refusals as HTML, and schema messages may quote the values sent.
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw escapedValidationError(parsed.error.issues);
    const request = parsed.data as { ids: number[]; changes: Record<string, unknown> };
    const ids = [...new Set(request.ids)];
    const scope = await this.readScope(user, definition.kind);
    const response = await this.store.transaction(async (tx) => {
      // Ids outside the caller's scope are missing to them: one answer for both, so none can be probed.
      const records = await this.entities.findMany(tx, definition, ids, scope);
      const missing = ids.filter((id) => !records.some((record) => record.id === id));
      if (missing.length > 0) throw notFoundError(definition, missing);
      // Each item is validated whole after the merge, so a change cannot leave any of them invalid.
      const planned: { previous: EntityRecord; values: Record<string, unknown> }[] = [];
      const errors: ErrorItem[] = [];
      for (const previous of records) {
        await this.access.checkWrite?.(tx, user, definition.kind, request.changes, previous);
        const merged = { ...inputOf(definition, previous), ...request.changes };
        const result = definition.inputSchema.safeParse(merged);
        if (!result.success) {
          for (const issue of result.error.issues) {
            const path = issue.path.map(String).join('.');
            const field = path.split('.')[0] ?? '';
            errors.push({
              message: `${capitalize(definition.noun)} ${previous.id}: ${messageValue(issue.message)}`,
              detail: { field: field in request.changes ? `changes.${path}` : path, id: String(previous.id) },
            });
          }
          continue;
        }
        const changedFields = Object.keys(request.changes);
        const values: Record<string, unknown> = Object.fromEntries(
          changedFields.map((field) => [field, result.data[field]]),
        );
        Object.assign(values, await definition.derive?.(result.data, previous, tx));
        const referenceErrors = await this.entities.checkReferences(
          tx,
          definition,
          values,
          previous,
          'changes.',
        );
        errors.push(...referenceErrors);
        planned.push({ previous, values });
      }
      if (errors.length > 0) throw validationError(errors);
      for (const { previous, values } of planned) await this.write(tx, user, definition, previous, values);
      return { updated: planned.length, ids: planned.map((item) => item.previous.id) };
    });
    await this.announce(definition.kind, response.ids);
    return response;
  }

  async setArchived(
    user: UserWithSecrets,
    definition: EntityDefinition,
    id: number,
    archived: boolean,
    env: PresentEnv,
  ): Promise<Record<string, unknown>> {
    const record = await this.store.transaction(async (tx) => {
      const previous = await this.mustFind(tx, definition, id);
      return this.write(tx, user, definition, previous, { archived });
    });
    await this.announce(definition.kind, [id]);
    return definition.present(record, env);
  }

  async remove(user: UserWithSecrets, definition: EntityDefinition, id: number): Promise<void> {
    // The refusal names only users the caller may read; scopes are read before the transaction.
    const scopes = new Map<string, ReadScope>();
    for (const kind of this.entities.kinds()) scopes.set(kind, await this.readScope(user, kind));
    await this.store.transaction(async (tx) => {
      const previous = await this.mustFind(tx, definition, id);
      const usages = await this.entities.usages(tx, definition.kind, id, (kind) =>
        scopes.has(kind) ? (scopes.get(kind) as ReadScope) : false,
      );
      if (usages.length > 0) {
        throw stillUsedError(definition.noun, previous.name ?? previous.host ?? id, usages);
      }
      await definition.beforeDelete?.({ tx, record: previous });
      await this.entities.remove(tx, definition, id);
      await this.auditWriter(
        tx,
        user,
      )({
        kind: definition.kind,
        id,
        action: 'deleted',
        changes: diffFields(previous, null, Object.keys(definition.fields)),
      });
    });
    await this.announce(definition.kind, [id]);
  }
}
