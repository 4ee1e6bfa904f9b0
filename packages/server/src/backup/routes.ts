import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  API_PATHS,
  type Backup,
  type BackupListResponse,
  type BackupRestoreResponse,
  type BackupSchedule,
  backupScheduleSchema,
  type LocalBackupResponse,
  localBackupRequestSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { describeBackup, listAllBackups } from './library.ts';
import { BackupCheckError } from './manifest.ts';
import { pendingRestore, stageRestore } from './restore.ts';
import { BackupBusyError, backUpAndPrune, readBackupSchedule, saveBackupSchedule } from './schedule.ts';

export const RESTORE_COMMAND =
  'Restore from the list below (applied when Cairn restarts), or with Cairn stopped: ' +
  'cairn restore --from <backup directory> --data-dir <new empty directory>';

async function backUpNow(ctx: AppContext, to?: string): Promise<Backup & { path: string }> {
  try {
    const taken = await backUpAndPrune(ctx.backup, 'manual', to);
    return { ...describeBackup(taken.id, taken.manifest), path: taken.dir };
  } catch (error) {
    if (error instanceof BackupBusyError) throw new HttpError(409, { message: error.message });
    throw error;
  }
}

/** Backups for admins: the list, "Back up now", the daily schedule and a restore staged for the next start. */
export async function backupPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const { requireAdmin, audit } = guard;

  api.get(API_PATHS.backups, async (request): Promise<BackupListResponse> => {
    requireAdmin(request);
    return {
      backups: await listAllBackups(ctx.config.dataDir),
      restoreCommand: RESTORE_COMMAND,
      schedule: await readBackupSchedule(ctx.store),
      pendingRestore: pendingRestore(ctx.config.dataDir),
    };
  });

  api.post(API_PATHS.backups, async (request): Promise<Backup> => {
    const user = requireAdmin(request);
    const { path: _where, ...backup } = await backUpNow(ctx);
    await audit(user.id, 'backup_created', { id: backup.id });
    return backup;
  });

  api.put(API_PATHS.backupSchedule, async (request): Promise<BackupSchedule> => {
    const user = requireAdmin(request);
    const schedule = parseInput(backupScheduleSchema, request.body);
    await saveBackupSchedule(ctx.store, schedule);
    await audit(user.id, 'backup_schedule_changed', schedule);
    return schedule;
  });

  api.post(API_PATHS.backupRestore, async (request): Promise<BackupRestoreResponse> => {
    const user = requireAdmin(request);
    const { id } = request.params as { id: string };
    if (ctx.config.configDb || ctx.events.dialect !== 'duckdb') {
      throw new HttpError(409, {
        message:
          'The configuration or the events live in PostgreSQL/ClickHouse: restore those with their own tools, ' +
          'and the rest with cairn restore',
      });
    }
    try {
      await stageRestore(ctx.config.dataDir, id, ctx.config.now());
    } catch (error) {
      if (error instanceof BackupCheckError) throw new HttpError(409, { message: error.message });
      throw error;
    }
    await audit(user.id, 'backup_restore_staged', { id });
    return {
      pendingRestore: id,
      message:
        `The restore of ${id} is staged: restart Cairn to apply it. The installation it replaces is kept as a ` +
        'backup, and everyone signs in again.',
    };
  });
}

// `cairn backup` while a server runs: the CLI cannot open the databases the server holds, so it asks the
// server, over HTTP on this machine, with a token the server wrote into its owner-only data dir at start.
// Reading that file takes the same access as copying the data dir, so it grants nothing more.

export const CONTROL_FILE = 'control.json';

export interface ControlFile {
  url: string;
  token: string;
}

export function createControlToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Written once the server listens; removed when it stops. */
export async function writeControlFile(dataDir: string, control: ControlFile): Promise<() => Promise<void>> {
  const file = path.join(dataDir, CONTROL_FILE);
  await fsp.writeFile(file, JSON.stringify(control), { mode: 0o600 });
  return () => fsp.rm(file, { force: true });
}

export async function readControlFile(dataDir: string): Promise<ControlFile | null> {
  try {
    return JSON.parse(await fsp.readFile(path.join(dataDir, CONTROL_FILE), 'utf8')) as ControlFile;
  } catch {
    return null;
  }
}

/** The local route, outside the API's session and CSRF hooks: its caller holds the control token. */
export function localBackupEndpoint(ctx: AppContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(API_PATHS.backupLocal, async (request): Promise<LocalBackupResponse> => {
      const expected = Buffer.from(ctx.controlToken);
      const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
      // A plain 404, as for any path this server does not serve: nothing tells a prober the route exists.
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        throw new HttpError(404, { message: 'Not found' });
      }
      const body = parseInput(localBackupRequestSchema, request.body ?? {});
      if (body.to !== undefined && !path.isAbsolute(body.to)) {
        throw new HttpError(400, { message: 'to must be an absolute directory' });
      }
      return backUpNow(ctx, body.to);
    });
  };
}
