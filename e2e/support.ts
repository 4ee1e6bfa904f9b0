import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CairnOptions, startCairn } from '@cairn/server';
import { chromiumLaunchOptions } from '@cairn/tooling/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

export const adminLogin = 'admin';
export const adminPassword = 'correct horse battery staple';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const panelDist = path.join(repoRoot, 'packages/panel/dist');

const createdDirs: string[] = [];

/** Removes the data dirs this test file created; call it after closing the servers. */
export function removeTempDirs(): void {
  for (const dir of createdDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempDir(prefix = 'cairn-e2e-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  createdDirs.push(dir);
  return dir;
}

export type RunningServer = Awaited<ReturnType<typeof startCairn>>;

/** The real server, in-process, on a fresh data dir, serving the built panel. */
export async function startServer(options: CairnOptions = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(options.panelDir ?? panelDist, 'index.html'))) {
    throw new Error('packages/panel/dist is missing: run `npx turbo run build --filter=@cairn/panel` first');
  }
  return startCairn({
    dataDir: tempDir(),
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    adminLogin,
    adminPassword,
    panelDir: panelDist,
    ...options,
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * A fresh browser profile (no cookies, no storage) with its page errors collected, and every breach of
 * the panel's content security policy among them. Chromium reports a refused eval even when the script
 * catches the refusal (a feature probe), which no page error shows.
 */
/** What the browser tells the panel of the system's display settings, as media queries. */
export interface SystemPreferences {
  colorScheme?: 'light' | 'dark';
  contrast?: 'more' | 'no-preference';
}

export async function openSession(
  browser: Browser,
  baseURL: string,
  options: SystemPreferences = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL, ...options });
  const errors: string[] = [];
  await context.exposeFunction('reportCspViolation', (violation: string) =>
    errors.push(`CSP violation: ${violation}`),
  );
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation(violation: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  const page = await context.newPage();
  // Fail a step with its own error well before the test's timeout.
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Page errors a browser test may meet without failing, each with why. Empty is the goal: add one only for
 * an error the test provokes on purpose or one Chromium raises outside the panel's control.
 */
export const KNOWN_PAGE_ERRORS: readonly { pattern: RegExp; reason: string }[] = [];

/** The errors no entry of KNOWN_PAGE_ERRORS accounts for. */
export function unexpectedPageErrors(errors: readonly string[]): string[] {
  return errors.filter((error) => !KNOWN_PAGE_ERRORS.some(({ pattern }) => pattern.test(error)));
}

export async function signInThroughForm(page: Page, login: string, password: string): Promise<void> {
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The path inside the panel plus query and hash of the page's address. */
export function panelAddress(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

export async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
}

export interface Credentials {
  login: string;
  password: string;
}

const admin: Credentials = { login: adminLogin, password: adminPassword };

/** Opens the sign-in page (asking to return to `returnTo`, a path inside the panel) and signs in. */
export async function signInAt(
  page: Page,
  credentials: Credentials = admin,
  returnTo?: string,
): Promise<void> {
  await page.goto(returnTo ? `/panel/login?returnTo=${encodeURIComponent(returnTo)}` : '/panel/login');
  await signInThroughForm(page, credentials.login, credentials.password);
}

export interface E2eOptions {
  /**
   * The file's server: its options (a function is called in beforeAll, for options that need files made
   * first), or false for a file that starts its own servers through `startServer`.
   */
  server?: CairnOptions | (() => CairnOptions) | false;
  /**
   * One session shared by the file's tests, signed in as the admin and on the campaigns list before the
   * first test. Off unless asked for.
   */
  session?: boolean | { colorScheme?: 'light' | 'dark' };
  /** Runs in beforeAll once the server, the browser and the shared session are up. */
  setup?: (env: E2e) => Promise<void>;
}

export interface E2e {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The shared signed-in session (only with the `session` option). */
  readonly session: Session;
  /** A fresh browser profile on the file's server (or the one given), closed after the current test. */
  open(options?: SystemPreferences & { server?: RunningServer }): Promise<Session>;
  /** A fresh profile signed in through the form (the admin unless told), asking to return to `returnTo`. */
  signIn(credentials?: Credentials, returnTo?: string): Promise<Session>;
  /** Another server on a fresh data dir (unless given one), closed after the file's tests. */
  startServer(options?: CairnOptions): Promise<RunningServer>;
}

/**
 * The set-up every browser test file shares: registers beforeAll/afterAll (and an afterEach closing the
 * sessions a test opened) and returns the environment, filled in once beforeAll has run.
 */
export function e2eSuite(options: E2eOptions = {}): E2e {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let session: Session | undefined;
  const servers: RunningServer[] = [];
  const opened: Session[] = [];
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`e2eSuite: no ${what} (not asked for, or beforeAll has not run)`);
    return value;
  };

  const env: E2e = {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get session() {
      return ready(session, 'shared session');
    },
    async open({ server: on, ...sessionOptions } = {}) {
      const fresh = await openSession(env.browser, (on ?? env.server).url, sessionOptions);
      opened.push(fresh);
      return fresh;
    },
    async signIn(credentials = admin, returnTo) {
      const fresh = await env.open();
      await signInAt(fresh.page, credentials, returnTo);
      return fresh;
    },
    async startServer(serverOptions = {}) {
      const started = await startServer(serverOptions);
      servers.push(started);
      return started;
    },
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    if (options.server !== false) {
      const serverOptions = typeof options.server === 'function' ? options.server() : options.server;
      server = await env.startServer(serverOptions);
    }
    if (options.session) {
      const { colorScheme } = options.session === true ? {} : options.session;
      session = await openSession(env.browser, env.server.url, colorScheme ? { colorScheme } : {});
      await signInAt(session.page);
      await session.page.waitForURL('**/panel/campaigns');
    }
    await options.setup?.(env);
  });

  // Every test fails on a page error or a CSP breach in any session it used, whatever it asserted itself.
  afterEach(async () => {
    const sessions = [...(session ? [session] : []), ...opened];
    const unexpected = sessions.flatMap((used) => unexpectedPageErrors(used.errors.splice(0)));
    for (const fresh of opened.splice(0)) await fresh.context.close();
    expect(unexpected, 'page errors and CSP violations in the browser').toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    for (const started of servers.splice(0)) await started.close();
    removeTempDirs();
  });

  return env;
}

/** Calls the API from inside the signed-in page (its cookies and CSRF token); throws on a non-2xx answer. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1];
      const response = await fetch(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** What the monitor's seeding endpoint made: its clicks and the campaigns they came through. */
export interface SeededTraffic {
  clicks: number;
  campaigns: { id: number; name: string }[];
}

/** Demo traffic through the monitor's seeding endpoint (campaigns, offers, sources, clicks and leads). */
export function seedTraffic(
  page: Page,
  amounts: { clicks: number; days: number; campaigns: number },
): Promise<SeededTraffic> {
  return api<SeededTraffic>(page, 'POST', '/api/monitor/seed', amounts);
}
