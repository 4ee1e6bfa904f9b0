// Helpers for tests that drive the `cairn` CLI as an operator would: one command to completion, or a
// `cairn start` kept running until the test stops it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');
const run = promisify(execFile);

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command with only PATH and `env` in its environment. */
export async function cairn(args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A child's output as it arrives, and its exit code once it has exited. */
export function collectOutput(child: ChildProcess): {
  stdout(): string;
  stderr(): string;
  exited: Promise<number | null>;
} {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  return {
    stdout: () => stdout,
    stderr: () => stderr,
    exited: new Promise((resolve) => child.on('exit', resolve)),
  };
}

export interface StartedNode {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGTERM, resolving to the exit code once it has stopped. */
  stop(): Promise<number | null>;
}

/** `cairn start` on a free port of 127.0.0.1; resolves once its banner is out. */
export async function startNode(env: Record<string, string>): Promise<StartedNode> {
  const child = spawn(process.execPath, [CLI, 'start'], {
    env: {
      PATH: process.env.PATH ?? '',
      CAIRN_PORT: '0',
      CAIRN_HOST: '127.0.0.1',
      CAIRN_LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const output = collectOutput(child);
  const { exited } = output;
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Panel:\s+(http:\/\/\S+)\/panel\//.exec(output.stdout());
      if (match?.[1] && output.stdout().includes('Press Ctrl+C to stop.')) resolve(match[1]);
    });
    void exited.then((code) =>
      reject(new Error(`cairn start exited with ${code}: ${output.stdout()}${output.stderr()}`)),
    );
  });
  return {
    child,
    url,
    output: output.stdout,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
