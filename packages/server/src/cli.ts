#!/usr/bin/env node
import { ROLES, type Role } from '@cairn/contract';
import { generatePassword } from './auth/password.ts';
import { passwordProblem } from './auth/passwordPolicy.ts';
import { SessionRepository } from './auth/sessions.ts';
import { LoginTakenError, UserRepository } from './auth/users.ts';
import { BackupCommandError, backupCommand, restoreCommand } from './backup/commands.ts';
import { listAllBackups } from './backup/library.ts';
import { BackupCheckError } from './backup/manifest.ts';
import { endSessions, RestoreTargetError } from './backup/restore.ts';
import { ArgumentError, type Flags, parseInvocation } from './cliArgs.ts';
import { publishChange } from './cluster/changes.ts';
import { type CairnOptions, ConfigError, loadConfig, resolveConfig } from './config.ts';
import { exitCodeOf, formatChecks, runDoctor } from './doctor/doctor.ts';
import { EventExportCommandError, exportEventsCommand } from './eventExport/command.ts';
import { GeoFileError, geoUpdateCommand } from './geo/command.ts';
import { startCairn } from './index.ts';
import { generateLicenseKeyPair, signLicense } from './license.ts';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';
import { CAIRN_VERSION, ConfigDbError, openData, StoreOpenError } from './runtime.ts';
import { seedCommand } from './seeding/seedCommand.ts';
import { BackupNotFoundError, databasePath, restoreBackup } from './store/config/backups.ts';
import { DuckDbConfigStore } from './store/config/duckdb.ts';
import { SchemaTooNewError, schemaVersion } from './store/config/migrate.ts';
import { PostgresConfigStore } from './store/config/postgres.ts';
import { CopyMismatchError, NonEmptyTargetError } from './storeCommands/copyConfig.ts';
import { MigrateStoreError, migrateStoreCommand } from './storeCommands/migrateStore.ts';
import { trackingLinks } from './tracking/paths.ts';

class UsageError extends Error {}

function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

async function start(config: CairnOptions): Promise<void> {
  const cairn = await startCairn(config);
  // One write, so the banner is never interleaved with log lines (and tests can wait for its last line).
  // The postback key is printed whole on the first start only, like the password: later starts go to logs
  // that more people read, and the panel shows it (Settings > Tracking links).
  const links = trackingLinks(
    cairn.url,
    cairn.tracking.engine.settings.paths,
    cairn.firstSignIn ? cairn.tracking.conversions.keys.current : '{postback_key}',
  );
  const banner = [
    `Cairn ${CAIRN_VERSION} is running (${cairn.config.mode} mode).`,
    `  Panel:      ${cairn.url}/panel/`,
    `  Clicks:     ${links.clickUrl}`,
    `  Postbacks:  ${links.postbackUrl}`,
    ...(cairn.firstSignIn ? [] : ['              (the postback key: panel, Settings > Tracking links)']),
    `  Data:       ${cairn.config.dataDir}`,
    `  Tracker id: ${cairn.trackerId}`,
  ];
  if (cairn.firstSignIn) {
    banner.push(
      '',
      'First start: a super-admin was created. Sign in with',
      `  login:    ${cairn.firstSignIn.login}`,
    );
    if (cairn.firstSignIn.generatedPassword) {
      banner.push(
        `  password: ${cairn.firstSignIn.generatedPassword}`,
        'This password is shown only now; change it in the panel (Settings > User).',
      );
    } else {
      banner.push('  password: the one in CAIRN_ADMIN_PASSWORD');
    }
  }
  banner.push('Press Ctrl+C to stop.');
  out(banner.join('\n'));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    out(`Received ${signal}, stopping Cairn.`);
    cairn.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Failed to stop cleanly: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function migrateCommand(config: CairnOptions): Promise<void> {
  const resolved = resolveConfig(config);
  const data = await openData(resolved, 'cairn migrate');
  try {
    const { from, to, applied } = data.migration;
    if (applied.length === 0) out(`The database is up to date (schema version ${to}).`);
    else {
      out(`Migrated the database from schema version ${from} to ${to}:`);
      for (const migration of applied) out(`  ${migration.version}: ${migration.name}`);
    }
  } finally {
    await data.close();
  }
}

async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Buffer));
  // `echo pw | cairn ...` and a heredoc both end with a newline that is no part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The password the operator gave (flag or standard input) after the password rule, or null for none. */
async function givenPassword(flags: Flags, login: string): Promise<string | null> {
  if (flags.password !== undefined && flags['password-stdin']) {
    throw new UsageError('Give --password or --password-stdin, not both');
  }
  const password = flags['password-stdin'] ? await readPasswordFromStdin() : (flags.password ?? null);
  if (password === null) return null;
  const problem = passwordProblem(password, login);
  if (problem) throw new UsageError(`${problem}.`);
  return password;
}

function parseRole(value: string | undefined): Role {
  const role = value ?? 'admin';
  if (!(ROLES as readonly string[]).includes(role))
    throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return role as Role;
}

async function userCommand(
  config: CairnOptions,
  action: 'create' | 'reset-password',
  positionals: string[],
  flags: Flags,
) {
  const [login] = positionals;
  if (!login) throw new UsageError(`Use: cairn user ${action} <login> (see cairn user ${action} --help)`);
  const resolved = resolveConfig(config);
  const given = await givenPassword(flags, login);
  const data = await openData(resolved, `cairn user ${action}`);
  try {
    const users = new UserRepository(data.store, data.keys, resolved.now);
    const password = given ?? generatePassword();
    if (action === 'create') {
      const role = parseRole(flags.role);
      if (role === 'super_admin') {
        if (await users.hasSuperAdmin())
          throw new UsageError('There is already a super-admin; Cairn has exactly one.');
      }
      const user = await users.create({ login, password, role });
      out(`Created ${user.role} "${user.login}" (id ${user.id}).`);
    } else {
      const user = await users.findByLogin(login);
      if (!user) throw new UsageError(`No user "${login}"`);
      await users.setPassword(user.id, password);
      await new SessionRepository(data.store, resolved.now).revokeAllForUser(user.id);
      // Running nodes on a shared PostgreSQL drop what they remember of this user's sessions at once.
      if (data.store instanceof PostgresConfigStore) await publishChange(data.store, 'session', user.id);
      if (flags['disable-two-factor']) await users.disableTotp(user.id);
      out(`Set a new password for "${login}" and ended their sessions.`);
      if (flags['disable-two-factor']) out('Two-factor sign-in is off for this user.');
    }
    if (given === null) out(`Password: ${password}`);
  } finally {
    await data.close();
  }
}

function licenseCommand(action: 'keygen' | 'issue', flags: Flags, env: NodeJS.ProcessEnv) {
  if (action === 'keygen') {
    const pair = generateLicenseKeyPair();
    out(`CAIRN_LICENSE_PUBLIC_KEY=${pair.publicKey}`);
    out(`CAIRN_LICENSE_PRIVATE_KEY=${pair.privateKey}`);
    out('Give trackers the public key; keep the private key with the vendor only.');
    return;
  }
  const privateKey = env.CAIRN_LICENSE_PRIVATE_KEY;
  if (!privateKey)
    throw new UsageError('Set CAIRN_LICENSE_PRIVATE_KEY to the vendor private key (cairn license keygen)');
  const trackerId = flags['tracker-id'];
  const expires = flags.expires;
  if (!trackerId || !expires)
    throw new UsageError('license issue needs --tracker-id and --expires (e.g. 2027-12-31)');
  if (Number.isNaN(Date.parse(expires))) throw new UsageError(`--expires is not a date: ${expires}`);
  out(signLicense(privateKey, { trackerId, plan: flags.plan ?? 'standard', expiresAt: expires }));
}

async function rollbackCommand(config: CairnOptions, positionals: string[]): Promise<void> {
  const resolved = resolveConfig(config);
  if (resolved.configDb) {
    throw new UsageError(
      'cairn rollback restores the embedded database (cairn.duckdb) from its file backups, but this ' +
        'installation keeps its configuration in PostgreSQL (CAIRN_CONFIG_DB). Restore a PostgreSQL backup ' +
        'with its own tools (pg_dump / pg_restore) instead; unset CAIRN_CONFIG_DB to roll back an embedded store.',
    );
  }
  const [id] = positionals;
  if (!id) {
    const backups = await listAllBackups(resolved.dataDir);
    if (backups.length === 0) {
      out(`No backups in ${resolved.dataDir}. Cairn backs the database up before each new migration.`);
      return;
    }
    out("Backups, newest first (put back one's configuration database with: cairn rollback <id>;");
    out('a whole installation is restored with: cairn restore --from <data dir>/backups/<id>):');
    for (const backup of backups) {
      const reason =
        backup.beforeMigration !== null
          ? `before migration ${backup.beforeMigration}`
          : backup.trigger === 'replaced'
            ? 'kept before a restore'
            : backup.trigger === 'scheduled'
              ? 'daily backup'
              : 'taken on request';
      const kind = backup.kind === 'installation' ? 'whole installation' : 'configuration';
      out(
        `  ${backup.id}  ${kind}, schema v${backup.schemaVersion}, ${reason}, ${backup.createdAt}, ${backup.sizeBytes} bytes`,
      );
    }
    return;
  }
  const lock = acquireDataDirLock(resolved.dataDir, 'cairn rollback');
  try {
    // Record the schema version of what is being replaced, so its safety backup lists correctly. A
    // database that no longer opens is what a rollback is for: it is kept as a backup all the same.
    let currentVersion = 0;
    try {
      const current = await DuckDbConfigStore.open(databasePath(resolved.dataDir));
      try {
        currentVersion = await schemaVersion(current);
      } finally {
        await current.close();
      }
    } catch (error) {
      out(
        `The current database does not open (${(error as Error).message.split('\n')[0]}); keeping it as a backup.`,
      );
    }
    const listed = (await listAllBackups(resolved.dataDir)).find((backup) => backup.id === id);
    const restored = await restoreBackup(resolved.dataDir, id, resolved.now(), currentVersion);
    await endSessions(resolved.dataDir);
    out(`Restored ${restored.id} (schema version ${listed?.schemaVersion ?? restored.schemaVersion}).`);
    out('Every session ended: everyone signs in again.');
    out('The database it replaced was kept as a backup. Start the Cairn version that matches this schema.');
  } finally {
    lock.release();
  }
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  // Everything Cairn writes (databases, their WAL files, backups, the key) is for its own account only.
  process.umask(0o077);
  try {
    const invocation = parseInvocation(argv, CAIRN_VERSION);
    if (invocation.kind === 'help') {
      process.stdout.write(invocation.text);
      return 0;
    }
    if (invocation.kind === 'version') {
      out(`cairn ${CAIRN_VERSION}`);
      return 0;
    }
    const { command, positionals, flags } = invocation;
    const config = loadConfig(env);
    if (flags['data-dir']) config.dataDir = flags['data-dir'];
    switch (command) {
      case 'start':
        await start(config);
        return -1;
      case 'doctor': {
        const checks = await runDoctor(resolveConfig(config), {
          eventsDb: env.CAIRN_EVENTS_DB?.trim() || undefined,
          acmeDirectorySet: Boolean(env.CAIRN_ACME_DIRECTORY?.trim()),
        });
        process.stdout.write(formatChecks(checks));
        return exitCodeOf(checks);
      }
      case 'migrate':
        await migrateCommand(config);
        return 0;
      case 'user create':
        await userCommand(config, 'create', positionals, flags);
        return 0;
      case 'user reset-password':
        await userCommand(config, 'reset-password', positionals, flags);
        return 0;
      case 'license keygen':
        licenseCommand('keygen', flags, env);
        return 0;
      case 'license issue':
        licenseCommand('issue', flags, env);
        return 0;
      case 'rollback':
        await rollbackCommand(config, positionals);
        return 0;
      case 'backup':
        await backupCommand(resolveConfig(config), flags.to, out);
        return 0;
      case 'export events':
        await exportEventsCommand(config, flags, out);
        return 0;
      case 'restore':
        await restoreCommand(resolveConfig(config), flags.from, out);
        return 0;
      case 'seed':
        await seedCommand(config, flags, out);
        return 0;
      case 'migrate-store':
        await migrateStoreCommand(config, flags, out);
        return 0;
      case 'geo update':
        await geoUpdateCommand(config, flags, out);
        return 0;
      default:
        throw new Error(`cairn ${command} has options but no implementation`);
    }
  } catch (error) {
    if (error instanceof ArgumentError) {
      process.stderr.write(`cairn: ${error.message}\n`);
      return 2;
    }
    if (
      error instanceof UsageError ||
      error instanceof DataDirLockedError ||
      error instanceof ConfigError ||
      error instanceof LoginTakenError ||
      error instanceof BackupNotFoundError ||
      error instanceof BackupCommandError ||
      error instanceof EventExportCommandError ||
      error instanceof BackupCheckError ||
      error instanceof RestoreTargetError ||
      error instanceof SchemaTooNewError ||
      error instanceof StoreOpenError ||
      error instanceof MigrateStoreError ||
      error instanceof NonEmptyTargetError ||
      error instanceof CopyMismatchError ||
      error instanceof ConfigDbError ||
      error instanceof GeoFileError ||
      error instanceof RangeError
    ) {
      process.stderr.write(`cairn: ${error.message}\n`);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(
        `cairn: ${(error as Error).message}. Another program uses that port: set CAIRN_PORT.\n`,
      );
      return 1;
    }
    throw error;
  }
}

const code = await main(process.argv.slice(2), process.env);
if (code >= 0) process.exitCode = code;
