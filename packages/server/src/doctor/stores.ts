// The connection checks of `cairn doctor`: the configuration and event stores, and the ACME directory. The
// embedded databases are opened read-only, and only when no Cairn holds the data directory (a running
// server is the answer then); the shared stores are asked `SELECT 1`; nothing is created or migrated.
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { CairnConfig } from '../config.ts';
import { lockHolder } from '../lock.ts';
import { OutboundGuard, OutboundRefused } from '../outbound/guard.ts';
import { openPostgresConfigStore } from '../runtime.ts';
import type { Check } from './report.ts';

const STORE_TIMEOUT_MS = 5000;
const ACME_TIMEOUT_MS = 10_000;

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The URL as it may be shown: the password masked. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}

async function openReadOnly(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  try {
    const connection = await instance.connect();
    await connection.run('SELECT 1');
    connection.closeSync();
  } finally {
    instance.closeSync();
  }
}

async function embeddedCheck(name: string, dataDir: string, fileName: string): Promise<Check> {
  const file = path.join(dataDir, fileName);
  const holder = lockHolder(dataDir);
  if (holder) {
    return { name, status: 'ok', message: `${file} is in use by ${holder.purpose} (pid ${holder.pid})` };
  }
  if (!fs.existsSync(file)) {
    return { name, status: 'ok', message: `no ${fileName} yet: the first start creates it` };
  }
  try {
    await withTimeout(openReadOnly(file), STORE_TIMEOUT_MS, file);
    return { name, status: 'ok', message: `${file} opens` };
  } catch (error) {
    return {
      name,
      status: 'fail',
      message: `${file} does not open (${firstLine(error)}): see "The data directory" in docs/operations.md (cairn rollback restores cairn.duckdb from a backup)`,
    };
  }
}

export async function checkConfigStore(config: Pick<CairnConfig, 'configDb' | 'dataDir'>): Promise<Check> {
  const name = 'config store';
  if (!config.configDb) return embeddedCheck(name, config.dataDir, 'cairn.duckdb');
  const url = shownUrl(config.configDb);
  try {
    const store = await withTimeout(openPostgresConfigStore(config.configDb), STORE_TIMEOUT_MS, url);
    await store.close();
    return { name, status: 'ok', message: `PostgreSQL at ${url} answers (CAIRN_CONFIG_DB)` };
  } catch (error) {
    return {
      name,
      status: 'fail',
      message: `PostgreSQL at ${url} (CAIRN_CONFIG_DB): ${firstLine(error)}; check the server, the address, the user and password`,
    };
  }
}

async function clickHouseAnswers(eventsDb: string): Promise<void> {
  // Loaded only here, as the server does, so an embedded installation never loads the ClickHouse client.
  const { createClient } = await import('@clickhouse/client');
  const server = new URL(eventsDb);
  // The server, not the database: the first start creates the database when it is missing.
  server.pathname = '/';
  const client = createClient({ url: server });
  try {
    await (await client.query({ query: 'SELECT 1', format: 'JSONEachRow' })).json();
  } finally {
    await client.close();
  }
}

export async function checkEventStore(dataDir: string, eventsDb: string | undefined): Promise<Check> {
  const name = 'event store';
  if (!eventsDb) return embeddedCheck(name, dataDir, 'events.duckdb');
  const url = shownUrl(eventsDb);
  if (!/^https?:\/\//i.test(eventsDb)) {
    return { name, status: 'fail', message: 'CAIRN_EVENTS_DB must be a ClickHouse http(s):// URL' };
  }
  try {
    await withTimeout(clickHouseAnswers(eventsDb), STORE_TIMEOUT_MS, url);
    return { name, status: 'ok', message: `ClickHouse at ${url} answers (CAIRN_EVENTS_DB)` };
  } catch (error) {
    return {
      name,
      status: 'fail',
      message: `ClickHouse at ${url} (CAIRN_EVENTS_DB): ${firstLine(error)}; check the server, the address, the user and password`,
    };
  }
}

export type AcmeOptions = Pick<CairnConfig, 'acmeDirectory' | 'acmeCaFile' | 'privateDestinations'>;

/** Fetches the ACME directory through the outbound guard, as the certificate client does. */
export async function checkAcme(config: AcmeOptions, outbound?: OutboundGuard): Promise<Check> {
  const name = 'acme';
  const url = config.acmeDirectory;
  const guard = outbound ?? new OutboundGuard({ privateDestinations: config.privateDestinations });
  try {
    const ca = config.acmeCaFile ? fs.readFileSync(config.acmeCaFile, 'utf8') : undefined;
    const answer = await guard.get(url, {
      timeoutMs: ACME_TIMEOUT_MS,
      maxBodyBytes: 64 * 1024,
      ...(ca ? { ca } : {}),
    });
    if (answer.status !== 200) {
      return {
        name,
        status: 'fail',
        message: `${url} answered ${answer.status}, not an ACME directory: check CAIRN_ACME_DIRECTORY`,
      };
    }
    const directory = JSON.parse(answer.body) as { newNonce?: unknown; newOrder?: unknown };
    if (typeof directory.newNonce !== 'string' || typeof directory.newOrder !== 'string') {
      return {
        name,
        status: 'fail',
        message: `${url} is not an ACME directory (no newNonce/newOrder): check CAIRN_ACME_DIRECTORY`,
      };
    }
    return { name, status: 'ok', message: `ACME directory ${url} answers` };
  } catch (error) {
    const hint =
      error instanceof OutboundRefused
        ? 'a private ACME server needs its address in CAIRN_PRIVATE_DESTINATIONS'
        : 'check the address, the network and, for a private ACME server, CAIRN_ACME_CA_FILE';
    return { name, status: 'fail', message: `ACME directory ${url}: ${firstLine(error)}; ${hint}` };
  }
}
