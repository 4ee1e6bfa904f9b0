// Helpers for this package's tests: a real server on a fresh temp data dir and a cookie-keeping client
// that behaves like the panel (echoes the XSRF cookie as the header on unsafe methods).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@cairn/contract';
import { type CairnOptions, type RunningCairn, startCairn } from '../src/index.ts';
import { dropSchema, freshSchemaName, sweepLeftoverSchemas, urlWithSchema } from './postgres.ts';

export const ADMIN_PASSWORD = 'correct horse battery staple';

const madeDirs = new Set<string>();
// Test servers' configuration schemas on PostgreSQL, dropped with the data dirs they belong to.
const madeSchemas = new Set<string>();

/** A fresh dir under the system temp dir, removed after the test file that made it (vitest.setup.ts). */
export function tempDir(prefix = 'cairn-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeDirs.add(dir);
  return dir;
}

// Runs after the file's own afterAll hooks (vitest's 'stack' order), so its servers and stores are
// closed by then; a child process a test forgot would only lose files it no longer has a reader for.
export async function removeTempDirs(): Promise<void> {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  madeDirs.clear();
  const schemas = [...madeSchemas];
  madeSchemas.clear();
  // One at a time: other test files' servers hold connections to the same PostgreSQL server.
  for (const schema of schemas) await dropSchema(schema);
}

export class Clock {
  ms: number;
  constructor(iso = '2026-03-01T12:00:00.000Z') {
    this.ms = Date.parse(iso);
  }
  now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

// The PostgreSQL schema of a test server's data dir: a server restarted on the same data dir (to test
// what survives a restart) finds the same configuration, as it would in cairn.duckdb.
const POSTGRES_SCHEMA_FILE = 'test-postgres-schema';

function postgresSchemaOf(dataDir: string): string {
  const file = path.join(dataDir, POSTGRES_SCHEMA_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const schema = freshSchemaName();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, schema);
    return schema;
  }
}

/**
 * A real server on a fresh data dir. With CAIRN_TEST_CONFIG_DB=postgres its configuration lives in a
 * schema of its own on the CAIRN_TEST_POSTGRES_URL server instead, so the same API tests run against
 * PostgreSQL. The schema goes with the data dir: a restart on the same dir finds it, and it is dropped
 * when the file's temp dirs are removed (sweepLeftoverSchemas drops what a killed run left).
 */
export async function startTestCairn(options: CairnOptions = {}): Promise<RunningCairn> {
  const dataDir = options.dataDir ?? tempDir();
  const onPostgres = process.env.CAIRN_TEST_CONFIG_DB === 'postgres' && options.configDb === undefined;
  const schema = onPostgres ? postgresSchemaOf(dataDir) : null;
  if (schema) {
    madeSchemas.add(schema);
    void sweepLeftoverSchemas();
  }
  return startCairn({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    // The server runs inside the test worker: a nicer pool would slow this worker's store work against
    // the other workers' and tell nothing (threadPriority.test.ts covers the niceness itself).
    workerNice: 0,
    adminLogin: 'admin',
    adminPassword: ADMIN_PASSWORD,
    panelDir: path.join(tempDir('cairn-no-panel-'), 'dist'),
    ...(schema ? { configDb: urlWithSchema(schema) } : {}),
    ...options,
    dataDir,
  });
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** false leaves the X-XSRF-TOKEN header out; a string sends that value instead of the cookie's. */
  xsrf?: boolean | string;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

export class TestBrowser {
  readonly cookies = new Map<string, string>();
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(method: string, urlPath: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && options.xsrf !== false) {
      const token = typeof options.xsrf === 'string' ? options.xsrf : this.cookies.get(XSRF_COOKIE);
      if (token !== undefined) headers[XSRF_HEADER] = decodeURIComponent(token);
    }
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${urlPath}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) => /^\s*max-age=0$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return {
      status: response.status,
      headers: response.headers,
      body,
      text,
      json: <T>() => body as T,
    };
  }

  get(urlPath: string, options?: CallOptions): Promise<CallResult> {
    return this.call('GET', urlPath, options);
  }

  post(urlPath: string, body?: unknown, options: CallOptions = {}): Promise<CallResult> {
    return this.call('POST', urlPath, { ...options, body });
  }

  put(urlPath: string, body?: unknown, options: CallOptions = {}): Promise<CallResult> {
    return this.call('PUT', urlPath, { ...options, body });
  }

  /** Fetches a pre-session XSRF token the way the panel does (any GET), then signs in. */
  async signIn(login: string, password: string): Promise<CallResult> {
    if (!this.cookies.has(XSRF_COOKIE)) await this.get('/api/mode');
    return this.post('/api/user/sign_in', { login, password });
  }
}
