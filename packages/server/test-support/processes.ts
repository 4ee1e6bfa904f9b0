import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { TestBrowser } from './server.ts';

// Cairn nodes as real server processes (`cairn start`), so one can be killed: for the scale-out tests each
// its own data dir, port and node id, all on one configuration database and one event store; for the
// crash tests of the embedded stores, one process on its data dir alone.

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');

export interface NodeSettings {
  dataDir: string;
  /** CAIRN_NODE_ID; unset: the one the data dir keeps. */
  nodeId?: string;
  /** CAIRN_CONFIG_DB; unset: the embedded cairn.duckdb. */
  configDb?: string;
  /** CAIRN_EVENTS_DB; unset: the embedded events.duckdb. */
  eventsDb?: string;
  /** CAIRN_SECRET_KEY; unset: the one the data dir keeps. */
  secretKey?: string;
  adminPassword: string;
  /** More CAIRN_* variables. */
  env?: Record<string, string>;
}

export interface NodeProcess {
  child: ChildProcess;
  url: string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Starts `cairn start` and resolves once it prints its panel address. */
export function startNode(settings: NodeSettings, running: ChildProcess[]): Promise<NodeProcess> {
  const child = spawn(process.execPath, [cli, 'start'], {
    env: {
      ...process.env,
      CAIRN_DATA_DIR: settings.dataDir,
      CAIRN_PORT: '0',
      CAIRN_HOST: '127.0.0.1',
      CAIRN_LOG_LEVEL: 'silent',
      CAIRN_ADMIN_PASSWORD: settings.adminPassword,
      ...(settings.configDb ? { CAIRN_CONFIG_DB: settings.configDb } : {}),
      ...(settings.secretKey ? { CAIRN_SECRET_KEY: settings.secretKey } : {}),
      ...(settings.nodeId ? { CAIRN_NODE_ID: settings.nodeId } : {}),
      ...(settings.eventsDb ? { CAIRN_EVENTS_DB: settings.eventsDb } : {}),
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Panel:\s+(http:\/\/\S+?)\/panel\//.exec(output);
      if (match?.[1]) resolve({ child, url: match[1].replace('localhost', '127.0.0.1'), exited });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code, signal) =>
      reject(
        new Error(
          `node ${settings.nodeId ?? settings.dataDir} exited (${code ?? signal}) before it served: ${output}`,
        ),
      ),
    );
  });
}

/** Ends a node the way `kill -9` does and waits for it to be gone. */
export async function killNode(node: NodeProcess): Promise<void> {
  node.child.kill('SIGKILL');
  await node.exited;
}

/** Stops a node cleanly (SIGTERM: it flushes its journal) and waits for it to be gone. */
export async function stopNode(node: NodeProcess): Promise<void> {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGTERM');
  await node.exited;
}

/**
 * Signs the admin in on a node and makes a campaign sending every click to one offer (`offer`: more of its
 * fields, made with the signed-in browser); resolves once the node has had time to route it.
 */
export async function campaignOn(
  node: NodeProcess,
  adminPassword: string,
  offer: (browser: TestBrowser) => Promise<Record<string, unknown>> = async () => ({}),
): Promise<{ browser: TestBrowser; key: string }> {
  const browser = new TestBrowser(node.url);
  expect((await browser.signIn('admin', adminPassword)).status).toBe(200);
  const made = await browser.post('/api/offer', {
    name: 'crash offer',
    url: 'https://o.example/?c={clickid}',
    ...(await offer(browser)),
  });
  const campaign = await browser.post('/api/campaign', {
    name: 'crash campaign',
    flow: { defaultPaths: [{ offers: [{ offerId: made.json<{ id: number }>().id }] }] },
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { browser, key: campaign.json<{ key: string }>().key };
}
