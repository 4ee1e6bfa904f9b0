import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cairn } from '../test-support/cli.ts';
import { tempDir } from '../test-support/server.ts';

// Asking for help must run nothing: before these conventions `cairn seed --help` wrote 10,000 clicks,
// `cairn start --help` started a server and `cairn license keygen --help` printed a key pair.

/** Each command as typed, with the options its help must name. */
const COMMANDS: [string[], string[]][] = [
  [['start'], ['--data-dir', '--help']],
  [['migrate'], ['--data-dir', '--help']],
  [['doctor'], ['--data-dir', 'exit code 1 when a check fails']],
  [
    ['user', 'create'],
    ['--role', '--password', '--password-stdin'],
  ],
  [
    ['user', 'reset-password'],
    ['--password', '--password-stdin', '--disable-two-factor'],
  ],
  [['license', 'keygen'], ['--help']],
  [
    ['license', 'issue'],
    ['--tracker-id', '--expires', '--plan'],
  ],
  [['seed'], ['--clicks', '--days', '--campaigns', '--data-dir']],
  [['migrate-store'], ['--to-config', '--to-events', '--allow-non-empty']],
  [['rollback'], ['--data-dir', '<backup id>']],
  [
    ['geo', 'update'],
    ['--from', '--force', '--data-dir'],
  ],
  [['backup'], ['--to', '--data-dir']],
  [['restore'], ['--from', '--data-dir']],
  [
    ['export', 'events'],
    ['--from', '--to', '--format', '--kind', '--zone', '--out'],
  ],
];

/** Every file under `dir` with its size and modification time: what a command that writes would change. */
function snapshot(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = fs.statSync(file);
      return `${path.relative(dir, file)} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

/** Runs `tasks` two at a time: each is a whole Node start, and the machines running the suite are small. */
async function twoAtATime<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function portIsFree(port: number): Promise<boolean> {
  const server = net.createServer();
  const free = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) await new Promise((resolve) => server.close(resolve));
  return free;
}

// Each test starts Node a dozen times, which a loaded two-core machine can make slow.
describe('cairn <command> --help', { timeout: 180_000 }, () => {
  it('prints each command its usage and options and writes nothing, not even the data dir', async () => {
    const root = tempDir('cairn-help-');
    const dataDir = path.join(root, 'data');
    const port = await freePort();
    const env = {
      CAIRN_DATA_DIR: dataDir,
      CAIRN_PORT: String(port),
      CAIRN_HOST: '127.0.0.1',
      CAIRN_LICENSE_PRIVATE_KEY: 'a-vendor-key',
    };
    // A `start` that served would never exit: the test would time out.
    const results = await twoAtATime(
      COMMANDS.map(
        ([words]) =>
          () =>
            cairn([...words, '--help'], env),
      ),
    );
    for (const [index, [words, options]] of COMMANDS.entries()) {
      const result = results[index] as (typeof results)[number];
      expect(result.code, `${words.join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`Usage: cairn ${words.join(' ')}`);
      for (const option of options) expect(result.stdout, words.join(' ')).toContain(option);
      expect(result.stdout).not.toMatch(/CAIRN_LICENSE_(PUBLIC|PRIVATE)_KEY=/);
      expect(result.stdout).not.toMatch(/Wrote|Created|Migrated|Cairn .* is running/);
    }
    expect(fs.readdirSync(root)).toEqual([]);
    expect(await portIsFree(port)).toBe(true);
  });

  it('answers -h and `cairn help <command>` the same way, leaving an existing data dir as it was', async () => {
    const dataDir = tempDir('cairn-help-data-');
    const env = { CAIRN_DATA_DIR: dataDir };
    expect((await cairn(['migrate'], env)).code).toBe(0);
    const before = snapshot(dataDir);
    expect(before.some((line) => line.startsWith('cairn.duckdb '))).toBe(true);

    // The commands that write, serve or print secrets when run.
    const risky = [['start'], ['seed'], ['license', 'keygen'], ['user', 'create']];
    const asked = await twoAtATime(
      risky.flatMap((words) => [
        () => cairn([...words, '--help'], env),
        () => cairn([...words, '-h'], env),
        () => cairn(['help', ...words], env),
      ]),
    );
    for (const [index, words] of risky.entries()) {
      const [long, short, viaHelp] = asked.slice(index * 3, index * 3 + 3);
      expect(long?.code, words.join(' ')).toBe(0);
      expect(long?.stdout).toContain(`Usage: cairn ${words.join(' ')}`);
      expect(short).toEqual(long);
      expect(viaHelp).toEqual(long);
    }
    // Help placed after the arguments still wins over running the command.
    const late = await cairn(['seed', '--clicks', '5', '--days', '1', '-h'], env);
    expect(late.code).toBe(0);
    expect(late.stdout).toContain('Usage: cairn seed');
    const group = await cairn(['user', '--help'], env);
    expect(group.stdout).toContain('Usage: cairn user create');
    expect(group.stdout).toContain('Usage: cairn user reset-password');
    expect(snapshot(dataDir)).toEqual(before);
  });

  it('prints the overview for help, --help, -h and no command at all', async () => {
    const results = await twoAtATime([[], ['help'], ['--help'], ['-h']].map((args) => () => cairn(args)));
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result).toEqual(results[0]);
    }
    for (const [words] of COMMANDS) expect(results[0]?.stdout).toContain(`  ${words.join(' ')}`);
  });
});

describe('cairn --version and argument errors', { timeout: 180_000 }, () => {
  it('prints the version of the server package', async () => {
    const { version } = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8'),
    ) as { version: string };
    for (const flag of ['--version', '-v']) {
      const result = await cairn([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`cairn ${version}\n`);
    }
  });

  it('refuses unknown options and commands with exit code 2 and the closest known name', async () => {
    const root = tempDir('cairn-args-');
    const env = { CAIRN_DATA_DIR: path.join(root, 'data') };
    const [option, shortOption, command, subcommand, missing, extra, global] = await twoAtATime(
      [
        ['seed', '--click', '5'],
        ['seed', '-x'],
        ['strat'],
        ['user', 'creat', 'bob'],
        ['seed', '--clicks'],
        ['migrate', 'now'],
        ['--verison'],
      ].map((args) => () => cairn(args, env)),
    );
    expect(option).toMatchObject({ code: 2, stdout: '' });
    expect(option.stderr).toContain('Unknown option --click for cairn seed. Did you mean --clicks?');
    expect(shortOption.code).toBe(2);
    expect(shortOption.stderr).toContain('It takes --clicks, --days, --campaigns');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('Unknown command "strat". Did you mean "start"?');
    expect(subcommand.code).toBe(2);
    expect(subcommand.stderr).toContain('Did you mean "create"?');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--clicks');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('takes no argument "now"');
    expect(global.code).toBe(2);
    expect(global.stderr).toContain('Did you mean --version?');
    // An option another command takes is still unknown here, and nothing ran.
    const elsewhere = await cairn(['migrate', '--clicks', '5'], env);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('Unknown option --clicks for cairn migrate');
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
