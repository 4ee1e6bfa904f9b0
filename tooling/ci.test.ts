import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// CI must stop when a service it starts does not come up: the tests that need ClickHouse skip themselves
// without it, so a run carrying on would be green without ever touching it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hasClickHouse =
  fs.existsSync('/usr/bin/clickhouse-server') || fs.existsSync('/usr/sbin/clickhouse-server');

function bash(script: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'bash',
      ['-c', script],
      { cwd: root, env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The pids of processes whose command line names `text`. */
function processesNaming(text: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** An HTTP server that answers 200 to everything, as another program on the port would. */
async function takePort(): Promise<number> {
  const server = http.createServer((_request, response) => response.end('not ClickHouse'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

function stateDir(): string {
  // Never the default /tmp/cairn-clickhouse: `start` stops whatever server runs there first.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-ci-test-clickhouse-'));
  const state = path.join(dir, 'state');
  cleanups.push(async () => {
    // Should a start wrongly succeed, its server is stopped by the pid it recorded in this state dir.
    await bash('bash .ci/clickhouse.sh stop', { CAIRN_CLICKHOUSE_DIR: state });
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return state;
}

// .ci/run installs clickhouse-server before the suite: in CI a missing one fails this test, never skips it.
describe.skipIf(!hasClickHouse && process.env.CI !== 'true')(
  '.ci/clickhouse.sh start on a port another program holds',
  () => {
    it('fails with the server log, leaving no server process and no state behind', async () => {
      const state = stateDir();
      const port = await takePort();
      const started = await bash('bash .ci/clickhouse.sh start', {
        CAIRN_CLICKHOUSE_DIR: state,
        CAIRN_CLICKHOUSE_HTTP_PORT: String(port),
      });
      expect(started.code).not.toBe(0);
      // The other program's 200 is not taken for ClickHouse's answer: no export line.
      expect(started.stdout).toBe('');
      expect(started.stderr).toContain('Address already in use');
      expect(started.stderr).toContain('no server answered');
      expect(processesNaming(`--path=${state}/data/`)).toEqual([]);
      expect(fs.existsSync(state)).toBe(false);
    });

    it("stops .ci/run's service start with a message naming the service", async () => {
      const state = stateDir();
      const port = await takePort();
      // What .ci/run does after sourcing .ci/services.sh, under its `set -e`.
      const run = await bash(
        'set -euo pipefail; unset CAIRN_TEST_CLICKHOUSE_URL; source .ci/services.sh; ' +
          'ci_start_service ClickHouse .ci/clickhouse.sh; echo "carried on: $CAIRN_TEST_CLICKHOUSE_URL"',
        { CAIRN_CLICKHOUSE_DIR: state, CAIRN_CLICKHOUSE_HTTP_PORT: String(port) },
      );
      expect(run.code).not.toBe(0);
      expect(run.stdout).not.toContain('carried on');
      expect(run.stderr).toContain('ci: ClickHouse did not start');
      expect(processesNaming(`--path=${state}/data/`)).toEqual([]);
    });
  },
);

describe('.ci/services.sh', () => {
  it('evals the export line of a service that started', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-ci-test-service-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const script = path.join(dir, 'fake.sh');
    fs.writeFileSync(script, 'echo "fake: up" >&2\necho "export CAIRN_TEST_FAKE_URL=http://127.0.0.1:1"\n');
    const run = await bash(
      `set -euo pipefail; source .ci/services.sh; ci_start_service Fake ${script}; echo "url=$CAIRN_TEST_FAKE_URL"`,
      {},
    );
    expect(run).toMatchObject({ code: 0, stdout: 'url=http://127.0.0.1:1\n' });
  });
});
