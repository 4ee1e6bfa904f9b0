import path from 'node:path';
import { type RunningCairn, startCairn } from '../src/index.ts';
import { TestBrowser } from '../test-support/server.ts';

// The server the API benches measure: the embedded stores in the bench's data directory, no panel, no log.

const PASSWORD = 'bench-password-Basalt-57';

export function startBenchCairn(dataDir: string): Promise<RunningCairn> {
  return startCairn({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    adminLogin: 'admin',
    adminPassword: PASSWORD,
    panelDir: path.join(dataDir, 'no-panel'),
  });
}

/** A browser signed in as the bench's admin; a refused sign-in stops the bench. */
export async function signedIn(cairn: RunningCairn): Promise<TestBrowser> {
  const browser = new TestBrowser(cairn.url);
  const signIn = await browser.signIn('admin', PASSWORD);
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${signIn.text}`);
  return browser;
}
