// What a benchmark keeps of a run: its figures as JSON under bench-results/, with the commit, date and
// machine they were measured on, so the docs' figures are read from files (bench-report.ts) instead of
// copied by hand, and a figure always travels with the commit that produced it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchFigure {
  /** Stable name of the figure within its bench (`cpuRatio`), for scripts and history. */
  key: string;
  /** What a reader sees in the docs' table. */
  label: string;
  value: number;
  /** `us`, `ms`, `s`, `MB`, `bytes`, `/s`, `x` (a ratio), `%` or '' for a count. */
  unit: string;
  /** The target this figure is held to, in words (`>= 0.5x`); absent when it only informs. */
  target?: string;
  /** Whether the figure meets its target; absent without one. */
  met?: boolean;
}

export interface BenchResult {
  bench: string;
  commit: string;
  /** ISO time the run ended. */
  date: string;
  machine: { cores: number; cpu: string; memoryGiB: number };
  node: string;
  figures: BenchFigure[];
  /** How the run was set up (rounds, seconds, rate), so two files are compared knowingly. */
  settings: Record<string, number | string>;
}

/** Where bench-record.sh asks a bench to write its result; unset when a bench is run by hand. */
export const BENCH_RESULT_ENV = 'CAIRN_BENCH_RESULT';

function currentCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** The result of a run that just ended, on this machine at this commit. */
export function benchResult(
  bench: string,
  figures: BenchFigure[],
  settings: BenchResult['settings'] = {},
): BenchResult {
  return {
    bench,
    commit: currentCommit(),
    date: new Date().toISOString(),
    machine: {
      cores: os.availableParallelism(),
      cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    },
    node: process.version,
    figures,
    settings,
  };
}

/**
 * Writes the run's result where bench-record.sh asked for it (CAIRN_BENCH_RESULT), or says how to keep
 * it when the bench was run by hand. Returns the file written, if any.
 */
export function keepBenchResult(
  bench: string,
  figures: BenchFigure[],
  settings: BenchResult['settings'] = {},
): string | null {
  const file = process.env[BENCH_RESULT_ENV];
  if (!file) {
    console.log(`(not kept: bash tooling/bench-record.sh ${bench} writes this run to bench-results/)`);
    return null;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(benchResult(bench, figures, settings), null, 2)}\n`);
  return file;
}

/** A figure held to a lower or upper bound, with whether it meets it. */
export function targetFigure(
  figure: Omit<BenchFigure, 'target' | 'met'>,
  bound: { atLeast: number } | { atMost: number },
): BenchFigure {
  const unit = figure.unit === 'x' || figure.unit === '' ? figure.unit : ` ${figure.unit}`;
  if ('atLeast' in bound) {
    return { ...figure, target: `>= ${bound.atLeast}${unit}`, met: figure.value >= bound.atLeast };
  }
  return { ...figure, target: `<= ${bound.atMost}${unit}`, met: figure.value <= bound.atMost };
}
