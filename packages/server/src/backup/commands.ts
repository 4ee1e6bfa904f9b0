import fs from 'node:fs';
import path from 'node:path';
import type { LocalBackupResponse } from '@cairn/contract';
import type { CairnConfig } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../lock.ts';
import { CAIRN_VERSION, openConfigStore, openPostgresConfigStore } from '../runtime.ts';
import { DATABASE_FILE } from '../store/config/backups.ts';
import { contentsOf, describeBackup } from './library.ts';
import type { BackupManifest } from './manifest.ts';
import { restoreInto } from './restore.ts';
import { readControlFile } from './routes.ts';
import { takeOfflineBackup } from './take.ts';

// `cairn backup` and `cairn restore`. While a server runs, the data-dir lock is its and DuckDB lets no
// other process open the files, so `cairn backup` asks that server (backup/routes.ts, localBackupEndpoint);
// with none running it holds the lock itself and copies the stopped installation.

export class BackupCommandError extends Error {}

type Out = (line?: string) => void;

function sharedStoreNotes(
  manifest: Pick<BackupManifest, 'configStore' | 'eventStore' | 'secretKey'>,
  out: Out,
  restoring = false,
): void {
  if (manifest.configStore === 'postgres') {
    out(
      restoring
        ? 'The configuration was in PostgreSQL (CAIRN_CONFIG_DB): restore its pg_dump with pg_restore, see docs/operations.md.'
        : 'The configuration is in PostgreSQL (CAIRN_CONFIG_DB): back it up with pg_dump, see docs/operations.md.',
    );
  }
  if (manifest.eventStore === 'clickhouse') {
    out(
      restoring
        ? 'The events were in ClickHouse (CAIRN_EVENTS_DB): RESTORE them from their BACKUP, see docs/operations.md.'
        : 'The events are in ClickHouse (CAIRN_EVENTS_DB): back them up with BACKUP, see docs/operations.md.',
    );
  }
  if (manifest.secretKey === 'environment') {
    out(
      `The installation key is CAIRN_SECRET_KEY: ${restoring ? 'set the value kept' : 'keep that value'} with the backup.`,
    );
  }
}

async function askRunningServer(
  dataDir: string,
  to: string | undefined,
  busy: DataDirLockedError,
): Promise<LocalBackupResponse> {
  const control = await readControlFile(dataDir);
  if (!control) {
    throw new BackupCommandError(
      `${busy.message.replace(/ Stop the running Cairn first.*$/, '')} It did not say how to ask it for a backup ` +
        '(no control.json: a Cairn older than this command, or one still starting). Try again, or stop it and run cairn backup.',
    );
  }
  let answer: Response;
  try {
    answer = await fetch(`${control.url}/api/backups/local`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(to ? { to } : {}),
    });
  } catch (error) {
    throw new BackupCommandError(
      `The running Cairn at ${control.url} did not answer: ${(error as Error).message}`,
    );
  }
  const body = (await answer.json().catch(() => ({}))) as LocalBackupResponse & { message?: string };
  if (!answer.ok) {
    throw new BackupCommandError(
      `The running Cairn refused the backup (${answer.status}): ${body.message ?? ''}`,
    );
  }
  return body;
}

export async function backupCommand(config: CairnConfig, to: string | undefined, out: Out): Promise<void> {
  const target = to ? path.resolve(to) : undefined;
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(config.dataDir, 'cairn backup');
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const taken = await askRunningServer(config.dataDir, target, error);
    out(`Backed up the installation to ${taken.path}`);
    out('  made by the running server, which kept serving clicks;');
    out(`  every click answered before ${taken.mark} is in it.`);
    out(`  Holds: ${taken.contents.join(', ')} (${taken.sizeBytes} bytes).`);
    out(`Restore it with: cairn restore --from ${taken.path} --data-dir <new empty directory>`);
    return;
  }
  try {
    if (!config.configDb && !fs.existsSync(path.join(config.dataDir, DATABASE_FILE))) {
      throw new BackupCommandError(
        `No Cairn installation in ${config.dataDir} (no ${DATABASE_FILE}): nothing to back up`,
      );
    }
    const store = config.configDb
      ? await openPostgresConfigStore(config.configDb)
      : await openConfigStore(config.dataDir);
    try {
      const taken = await takeOfflineBackup(
        {
          dataDir: config.dataDir,
          version: CAIRN_VERSION,
          secretKeyFromEnv: config.secretKey !== null,
          store,
          eventStore: process.env.CAIRN_EVENTS_DB?.trim() ? 'clickhouse' : 'embedded',
          now: config.now,
        },
        target ? { trigger: 'manual', to: target } : { trigger: 'manual' },
      );
      const described = describeBackup(taken.id, taken.manifest);
      out(`Backed up the installation to ${taken.dir}`);
      out('  with Cairn stopped: the files as they are, click journal included.');
      out(`  Holds: ${described.contents.join(', ')} (${described.sizeBytes} bytes).`);
      sharedStoreNotes(taken.manifest, out);
      out(`Restore it with: cairn restore --from ${taken.dir} --data-dir <new empty directory>`);
    } finally {
      await store.close();
    }
  } finally {
    lock.release();
  }
}

export async function restoreCommand(config: CairnConfig, from: string | undefined, out: Out): Promise<void> {
  if (!from)
    throw new BackupCommandError(
      'cairn restore needs --from DIR, the backup directory (it holds manifest.json)',
    );
  const manifest = await restoreInto(path.resolve(from), config.dataDir);
  out(
    `Restored the backup of ${manifest.createdAt} (Cairn ${manifest.cairnVersion}, schema v${manifest.schemaVersion}) into ${config.dataDir}.`,
  );
  out(`  Every file matched its SHA-256. Holds: ${contentsOf(manifest).join(', ')}.`);
  out('  Every session ended: everyone signs in again.');
  sharedStoreNotes(manifest, out, true);
  out(`Start it with: cairn start --data-dir ${config.dataDir}`);
}
