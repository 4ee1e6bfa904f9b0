import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectOutput } from '../test-support/cli.ts';
import { ADMIN_PASSWORD, tempDir } from '../test-support/server.ts';

// In a process of its own: in the test worker, vitest's own handlers would see the rejection first.

const INDEX = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'index.ts')).href;

async function runScript(source: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const file = path.join(tempDir(), 'script.mjs');
  fs.writeFileSync(file, source);
  const output = collectOutput(spawn(process.execPath, [file], { env: { PATH: process.env.PATH ?? '' } }));
  const code = await output.exited;
  return { code, stdout: output.stdout(), stderr: output.stderr() };
}

describe('a promise rejection nobody handles', () => {
  it('is logged and the server keeps serving', async () => {
    const dataDir = tempDir();
    const { code, stdout, stderr } = await runScript(`
      import { startCairn } from ${JSON.stringify(INDEX)};
      const cairn = await startCairn({
        port: 0, host: '127.0.0.1', logLevel: 'warn', workerNice: 0,
        dataDir: ${JSON.stringify(dataDir)}, panelDir: ${JSON.stringify(path.join(dataDir, 'no-panel'))},
        adminPassword: ${JSON.stringify(ADMIN_PASSWORD)},
      });
      Promise.reject(new Error('a lost promise'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await fetch(cairn.url + '/click?key=none', { redirect: 'manual' });
      process.stdout.write('still serving: ' + answer.status + '\\n');
      await cairn.close();
    `);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('still serving: 404');
    const logged = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'unhandled promise rejection; the server keeps serving',
        err: expect.objectContaining({ message: 'a lost promise' }),
      }),
    );
  });
});
