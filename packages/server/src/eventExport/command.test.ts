import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { cairn, startNode } from '../../test-support/cli.ts';
import { tempDir } from '../../test-support/server.ts';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function readBack(file: string): Promise<{ clicks: number; conversions: number }> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const read = file.endsWith('.csv') ? `read_csv('${file}', header = true)` : `read_parquet('${file}')`;
    const [row] = (
      await connection.runAndReadAll(
        `SELECT count_if(kind = 'click') AS clicks, count_if(kind = 'conversion') AS conversions FROM ${read}`,
      )
    ).getRowObjectsJson();
    return { clicks: Number(row?.clicks), conversions: Number(row?.conversions) };
  } finally {
    connection.closeSync();
  }
}

describe('cairn export events', { timeout: 180_000 }, () => {
  it('writes nothing for --help, refuses bad flags, and exports seeded clicks with and without a running server', async () => {
    const dataDir = tempDir('cairn-export-cli-');
    const env = { CAIRN_DATA_DIR: dataDir };
    const out = path.join(tempDir('cairn-export-out-'), 'events.parquet');
    const help = await cairn(
      ['export', 'events', '--from', '2026-01-01', '--to', '2026-01-02', '--out', out, '--help'],
      env,
    );
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: cairn export events');
    expect(fs.existsSync(out)).toBe(false);
    expect(fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0).toBe(false);

    const typo = await cairn(['export', 'events', '--formt', 'csv'], env);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean --format?');

    expect((await cairn(['seed', '--clicks', '300', '--days', '2'], env)).code).toBe(0);
    const now = Date.now();
    const range = ['--from', day(now - 3 * DAY), '--to', day(now + DAY)];
    const badFormat = await cairn(['export', 'events', ...range, '--format', 'xml', '--out', out], env);
    expect(badFormat.code).toBe(1);
    expect(badFormat.stderr).toContain('--format');
    const tooLong = await cairn(
      ['export', 'events', '--from', '2020-01-01', '--to', '2026-01-01', '--out', out],
      env,
    );
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain('at most 366 days');

    const stopped = await cairn(['export', 'events', ...range, '--zone', 'UTC', '--out', out], env);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(stopped.stdout).toContain('with Cairn stopped');
    const offline = await readBack(out);
    expect(offline.clicks).toBe(300);

    // A running server holds the databases: the command asks it, and gets the same rows.
    const node = await startNode(env);
    try {
      const csv = out.replace(/\.parquet$/, '.csv');
      const running = await cairn(
        ['export', 'events', ...range, '--zone', 'UTC', '--format', 'csv', '--out', csv],
        env,
      );
      expect(running.code, running.stderr).toBe(0);
      expect(running.stdout).toContain('by the running server');
      expect(await readBack(csv)).toEqual(offline);
      expect(fs.existsSync(`${csv}.part`)).toBe(false);
    } finally {
      await node.stop();
    }
  });
});
