import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CairnOptions, startCairn } from '@cairn/server';
import { chromiumLaunchOptions } from '@cairn/tooling/chromium';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright';

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
  if (!fs.existsSync(path.join(panelDist, 'index.html'))) {
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

/** A fresh browser profile (no cookies, no storage) with its page errors collected. */
export async function openSession(
  browser: Browser,
  baseURL: string,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL, ...options });
  const page = await context.newPage();
  // Fail a step with its own error well before the test's timeout.
  page.setDefaultTimeout(30_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
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
