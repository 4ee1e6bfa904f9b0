// The parts of bench:scale that drive Cairn itself: `cairn` commands and nodes as child processes, a
// signed-in API client, the benchmark campaign and autocannon runs against /click.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { TestBrowser } from '../test-support/server.ts';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');
export const PASSWORD = 'bench-password-Granite-38';

export interface Node {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

export function cairnCommand(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(`    ${chunk.toString().trimEnd().replace(/\n/g, '\n    ')}\n`);
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`cairn ${args[0]} exited with ${code}`)),
    );
  });
}

export async function startNode(env: Record<string, string>): Promise<Node> {
  const child = spawn(process.execPath, [cli, 'start'], {
    env: {
      ...process.env,
      CAIRN_PORT: '0',
      CAIRN_HOST: '127.0.0.1',
      CAIRN_LOG_LEVEL: 'silent',
      CAIRN_TRUST_PROXY: '1',
      CAIRN_ADMIN_PASSWORD: PASSWORD,
      CAIRN_PANEL_DIR: path.join(os.tmpdir(), 'cairn-bench-no-panel'),
      ...env,
    },
    // The ClickHouse client logs a failed query itself; the table below says which calls failed.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /Panel:\s+(http:\/\/[^/\s]+)/.exec(buffer);
      if (match?.[1] && buffer.includes('Press Ctrl+C')) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`cairn start exited before it was up:\n${buffer}${errors}`)));
  });
  return {
    child,
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signedIn(url: string): Promise<TestBrowser> {
  const browser = new TestBrowser(url);
  const result = await browser.signIn('admin', PASSWORD);
  if (result.status !== 200) throw new Error(`sign-in at ${url} answered ${result.status}: ${result.text}`);
  return browser;
}

async function made(
  browser: TestBrowser,
  kind: string,
  body: unknown,
): Promise<{ id: number; key?: string }> {
  const result = await browser.post(`/api/${kind}`, body);
  if (result.status !== 201) throw new Error(`${kind}: ${result.status} ${result.text}`);
  return result.json<{ id: number; key?: string }>();
}

const FORWARDED = ['212.27.48.10', '174.192.0.1', '217.160.0.1', '81.2.69.142', '2003:e0::1', '41.0.0.1'];
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
];

export interface Load {
  rps: number;
  p99: number;
  redirects: number;
  failures: number;
}

export async function load(url: string, key: string, connections: number, seconds: number): Promise<Load> {
  let index = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          index += 1;
          return {
            ...request,
            path: `/click?key=${key}&zone=${1000 + (index % 50)}&site=site-${index % 64}`,
            headers: {
              'x-forwarded-for': FORWARDED[index % FORWARDED.length] as string,
              'user-agent': AGENTS[index % AGENTS.length] as string,
              'accept-language': 'en-US,en;q=0.8',
            },
          };
        },
      },
    ],
  });
  const redirects = result.statusCodeStats?.['302']?.count ?? 0;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    redirects: Number(redirects),
    failures: result.errors + result.non2xx - Number(redirects),
  };
}

/** A campaign with a few rules that let the click through to the default paths, as in bench:click. */
export async function benchCampaign(browser: TestBrowser): Promise<string> {
  const offers: number[] = [];
  for (let n = 1; n <= 3; n += 1) {
    offers.push(
      (
        await made(browser, 'offer', {
          name: `scale offer ${n}`,
          url: `https://offer${n}.example/?c={clickid}`,
        })
      ).id,
    );
  }
  const lander = (
    await made(browser, 'landing', { name: 'scale lander', url: 'https://lp.example/?c={clickid}' })
  ).id;
  const source = (
    await made(browser, 'traffic_source', {
      name: 'scale source',
      tokens: [
        { parameter: 'zone', placeholder: '{zone}', name: 'Zone' },
        { parameter: 'site', placeholder: '{site}', name: 'Site' },
      ],
    })
  ).id;
  const campaign = await made(browser, 'campaign', {
    name: 'scale campaign',
    trafficSourceId: source,
    costModel: 'cpc',
    costMicros: 20_000,
    flow: {
      defaultPaths: [
        {
          weight: 60,
          landers: [{ landingId: lander }],
          offers: [{ offerId: offers[0] }, { offerId: offers[1] }],
        },
        { weight: 40, offers: [{ offerId: offers[1] }] },
      ],
      rules: [
        { type: 'country', values: ['JP', 'KR'] },
        { type: 'device_type', values: ['tv'] },
        { type: 'browser', values: ['Opera'] },
        { type: 'token', tokenIndex: 2, values: ['site-none'] },
        { type: 'bot', values: ['bot'] },
      ].map((criterion, index) => ({
        name: `rule ${index + 1}`,
        criteria: [criterion],
        paths: [{ offers: [{ offerId: offers[2] }] }],
      })),
    },
  });
  return campaign.key ?? '';
}
