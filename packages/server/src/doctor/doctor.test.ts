import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, cairn } from '../../test-support/cli.ts';
import { startTestCairn, tempDir } from '../../test-support/server.ts';
import { resolveConfig } from '../config.ts';
import { exitCodeOf, formatChecks, runDoctor } from './doctor.ts';
import { nodeMinimum } from './machine.ts';
import { checkAcme } from './stores.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function listening(server: net.Server | http.Server): Promise<number> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(resolve);
        for (const socket of sockets) socket.destroy();
      }),
  );
  return (server.address() as AddressInfo).port;
}

/** The line of one check in the doctor's output. */
function lineOf(output: string, name: string): string {
  return output.split('\n').find((line) => line.slice(5).startsWith(`${name} `)) ?? `(no ${name} line)`;
}

// A read-only file system that holds for root too (a chmod'ed directory is still writable for root): a
// tmpfs mounted read-only in a mount namespace of the doctor's own, so nothing outside it sees the mount.
function readOnlyMountWorks(): boolean {
  const dir = tempDir('cairn-ro-probe-');
  const probe = spawnSync('unshare', [
    '-m',
    'sh',
    '-c',
    'mount -t tmpfs -o ro tmpfs "$1" && ! touch "$1/x"',
    'sh',
    dir,
  ]);
  return probe.status === 0;
}

describe('cairn doctor', { timeout: 120_000 }, () => {
  it('fails a Node older than the minimum in engines, which the README states too', async () => {
    const minimum = nodeMinimum();
    expect(minimum).toBe(
      (
        JSON.parse(fs.readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
          engines: { node: string };
        }
      ).engines.node.replace(/^>=\s*/, ''),
    );
    expect(fs.readFileSync(path.join(repositoryRoot, 'README.md'), 'utf8')).toContain(
      `Node.js ${minimum} or newer`,
    );

    const config = resolveConfig({ dataDir: path.join(tempDir('cairn-doctor-'), 'data'), port: 0 });
    // The version is injected: the test runs on a Node that meets the minimum, as it must to run Cairn.
    const old = await runDoctor(config, {}, { nodeVersion: '22.12.0' });
    const output = formatChecks(old);
    expect(lineOf(output, 'node')).toMatch(
      /^fail +node +Node 22\.12\.0 is older than the 24\.7 Cairn needs .*install Node/,
    );
    expect(exitCodeOf(old)).toBe(1);
    expect(output).toContain('1 check failed');

    const current = await runDoctor(config, {}, { nodeVersion: '24.7.0' });
    expect(lineOf(formatChecks(current), 'node')).toMatch(/^ok +node/);
    expect(exitCodeOf(current)).toBe(0);
  });

  it('fails a port another program holds, and passes the one a running Cairn holds', async () => {
    const root = tempDir('cairn-doctor-');
    const busy = await listening(net.createServer());
    const taken = await cairn(['doctor'], {
      CAIRN_DATA_DIR: path.join(root, 'data'),
      CAIRN_HOST: '127.0.0.1',
      CAIRN_PORT: String(busy),
    });
    expect(taken.code).toBe(1);
    expect(lineOf(taken.stdout, 'http port')).toMatch(
      new RegExp(`^fail +http port +127\\.0\\.0\\.1:${busy} is in use by another program: .*set CAIRN_PORT`),
    );
    // Everything else on this machine is fine: the failure is the port's alone.
    expect(taken.stdout.split('\n').filter((line) => line.startsWith('fail'))).toHaveLength(1);

    const dataDir = path.join(root, 'running');
    const running = await startTestCairn({ dataDir, host: '127.0.0.1', port: 0 });
    closers.push(() => running.close());
    const port = new URL(running.url).port;
    const beside = await cairn(['doctor'], {
      CAIRN_DATA_DIR: dataDir,
      CAIRN_HOST: '127.0.0.1',
      CAIRN_PORT: port,
    });
    expect(beside.code, beside.stdout).toBe(0);
    expect(lineOf(beside.stdout, 'http port')).toMatch(/^ok +http port +.* in use by the running Cairn/);
    expect(lineOf(beside.stdout, 'config store')).toMatch(/^ok +config store +.*cairn\.duckdb is in use by/);
  });

  it('says a data directory on a read-only file system is read-only, even to root', async (context) => {
    if (!readOnlyMountWorks()) {
      context.skip('no mount namespaces here (unshare -m and a tmpfs mount need CAP_SYS_ADMIN)');
    }
    const dataDir = tempDir('cairn-doctor-ro-');
    const run = spawnSync(
      'unshare',
      [
        '-m',
        'sh',
        '-c',
        'mount -t tmpfs -o ro tmpfs "$1" && exec "$2" "$3" doctor --data-dir "$1"',
        'sh',
        dataDir,
        process.execPath,
        CLI,
      ],
      { env: { PATH: process.env.PATH ?? '', CAIRN_PORT: '0' }, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(1);
    expect(lineOf(run.stdout, 'data dir')).toMatch(
      new RegExp(`^fail +data dir +${dataDir} is on a read-only file system: .*CAIRN_DATA_DIR`),
    );
  });

  it('says what is wrong with the data directory: read-only (simulated), under a file, or short of space', async () => {
    const root = tempDir('cairn-doctor-');
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    // Simulated: the write probe answers as a read-only mount does, for machines where none can be mounted.
    const readOnly = await runDoctor(
      resolveConfig({ dataDir, port: 0 }),
      {},
      {
        writeProbe: () => {
          throw Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' });
        },
      },
    );
    expect(lineOf(formatChecks(readOnly), 'data dir')).toMatch(
      /^fail +data dir +.* is on a read-only file system/,
    );

    // Real: a data directory that would lie under a file.
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, '');
    const underFile = await cairn(['doctor', '--data-dir', path.join(file, 'data')], { CAIRN_PORT: '0' });
    expect(underFile.code).toBe(1);
    expect(lineOf(underFile.stdout, 'data dir')).toMatch(/^fail +data dir +.* under .*a-file/);

    const full = await runDoctor(
      resolveConfig({ dataDir, port: 0 }),
      {},
      { freeBytes: () => 50 * 1024 * 1024 },
    );
    expect(lineOf(formatChecks(full), 'disk')).toMatch(
      /^fail +disk +50 MiB free .*free some space or move CAIRN_DATA_DIR/,
    );
    expect(lineOf(formatChecks(full), 'data dir')).toMatch(/^ok +data dir +.* exists and is writable/);
  });

  it('opens the embedded databases read-only and names a damaged one', async () => {
    const dataDir = tempDir('cairn-doctor-stores-');
    const server = await startTestCairn({ dataDir, host: '127.0.0.1', port: 0 });
    await server.close();
    const config = resolveConfig({ dataDir, port: 0 });
    const healthy = formatChecks(await runDoctor(config));
    expect(lineOf(healthy, 'config store')).toMatch(/^ok +config store +.*cairn\.duckdb opens/);
    expect(lineOf(healthy, 'event store')).toMatch(/^ok +event store +.*events\.duckdb opens/);

    fs.writeFileSync(path.join(dataDir, 'cairn.duckdb'), 'not a database');
    const damaged = await runDoctor(config);
    expect(lineOf(formatChecks(damaged), 'config store')).toMatch(
      /^fail +config store +.*cairn\.duckdb does not open .*cairn rollback/,
    );
    expect(exitCodeOf(damaged)).toBe(1);
  });

  it('reaches the ACME directory through the outbound guard, which refuses a private one unless allowed', async () => {
    const acme = http.createServer((_, answer) => {
      answer.setHeader('content-type', 'application/json');
      answer.end(
        JSON.stringify({
          newNonce: 'http://x/nonce',
          newAccount: 'http://x/acct',
          newOrder: 'http://x/order',
        }),
      );
    });
    const port = await listening(acme);
    const directory = `http://127.0.0.1:${port}/dir`;
    const refused = await checkAcme({ acmeDirectory: directory, acmeCaFile: null, privateDestinations: [] });
    expect(refused.status).toBe('fail');
    expect(refused.message).toContain('CAIRN_PRIVATE_DESTINATIONS');
    const allowed = await checkAcme({
      acmeDirectory: directory,
      acmeCaFile: null,
      privateDestinations: ['127.0.0.1/32'],
    });
    expect(allowed).toEqual({ name: 'acme', status: 'ok', message: `ACME directory ${directory} answers` });
  });
});
