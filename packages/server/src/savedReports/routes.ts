import {
  MESSAGES,
  type OkResponse,
  SAVED_REPORT_PATHS,
  type SavedReport,
  type SavedReportList,
  savedReportInputSchema,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import type { Sql } from '../store/config/port.ts';
import { type SavedReportRecord, SavedReportStore, type SavedReportValues } from './store.ts';

// Saved reports: every signed-in user keeps their own, and may share them with every user of the
// installation. Another user's private report answers 404 like a missing one; a shared one opens for
// everybody but changes only for its owner and, as with every other entity, for admins.

const isAdmin = (user: UserWithSecrets): boolean => user.role !== 'user';
const canEdit = (user: UserWithSecrets, record: SavedReportRecord): boolean =>
  record.ownerId === user.id || (record.shared && isAdmin(user));

function present(record: SavedReportRecord, user: UserWithSecrets): SavedReport {
  return {
    id: record.id,
    name: record.name,
    shared: record.shared,
    state: record.state,
    ownerId: record.ownerId,
    ownerName: record.ownerName,
    own: record.ownerId === user.id,
    editable: canEdit(user, record),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

const nameTakenError = () =>
  validationError([{ message: 'You already have a saved report of this name', detail: { field: 'name' } }]);

export async function savedReportsPlugin(
  api: FastifyInstance,
  { ctx, guard }: FeatureOptions,
): Promise<void> {
  const { now } = ctx.config;
  const reports = new SavedReportStore(ctx.store);
  const noStore = { 'cache-control': 'no-store' };

  const visible = async (request: FastifyRequest, user: UserWithSecrets): Promise<SavedReportRecord> => {
    const id = Number((request.params as { id: string }).id);
    const found = Number.isSafeInteger(id) && id > 0 ? await reports.find(id) : undefined;
    if (!found || (found.ownerId !== user.id && !found.shared)) {
      throw new HttpError(404, { message: MESSAGES.notFound });
    }
    return found;
  };
  const editable = async (request: FastifyRequest, user: UserWithSecrets): Promise<SavedReportRecord> => {
    const found = await visible(request, user);
    if (!canEdit(user, found)) {
      throw new HttpError(403, { message: 'Only its owner can change this saved report' });
    }
    return found;
  };
  const audit = (sql: Sql, userId: number, action: string, record: { id: number } & SavedReportValues) =>
    recordAudit(sql, now(), {
      userId,
      action,
      entityKind: 'saved_report',
      entityId: record.id,
      details: { name: record.name, shared: record.shared },
    });

  api.get(SAVED_REPORT_PATHS.list, async (request, reply): Promise<SavedReportList> => {
    const user = guard.requireUser(request);
    reply.headers(noStore);
    return { items: (await reports.visibleTo(user.id)).map((record) => present(record, user)) };
  });

  api.post(SAVED_REPORT_PATHS.list, async (request, reply): Promise<SavedReport> => {
    const user = guard.requireUser(request);
    const values = parseInput(savedReportInputSchema, request.body);
    // The name check and the insert are one transaction, so two saves of one name cannot both pass it.
    const id = await ctx.store.transaction(async (tx) => {
      const store = new SavedReportStore(tx);
      if (await store.nameTaken(user.id, values.name, null)) throw nameTakenError();
      const created = await store.create(user.id, values, now());
      await audit(tx, user.id, 'saved_report_created', { id: created, ...values });
      return created;
    });
    reply.code(201);
    return present((await reports.find(id)) as SavedReportRecord, user);
  });

  api.get(SAVED_REPORT_PATHS.item, async (request, reply): Promise<SavedReport> => {
    const user = guard.requireUser(request);
    reply.headers(noStore);
    return present(await visible(request, user), user);
  });

  api.put(SAVED_REPORT_PATHS.item, async (request): Promise<SavedReport> => {
    const user = guard.requireUser(request);
    const previous = await editable(request, user);
    const values = parseInput(savedReportInputSchema, request.body);
    await ctx.store.transaction(async (tx) => {
      const store = new SavedReportStore(tx);
      if (await store.nameTaken(previous.ownerId, values.name, previous.id)) throw nameTakenError();
      await store.replace(previous.id, values, now());
      await audit(tx, user.id, 'saved_report_updated', { id: previous.id, ...values });
    });
    return present((await reports.find(previous.id)) as SavedReportRecord, user);
  });

  api.delete(SAVED_REPORT_PATHS.item, async (request): Promise<OkResponse> => {
    const user = guard.requireUser(request);
    const previous = await editable(request, user);
    await reports.remove(previous.id);
    await audit(ctx.store, user.id, 'saved_report_deleted', previous);
    return { status: 'ok' };
  });
}
