import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  READ_RESULTS_ERROR,
  REPORT_BEGIN,
  REPORT_END,
  REPORT_PAGE,
  RESULTS_DIR,
  readResults,
  renderReport,
  withReport,
} from './bench-report.ts';
import { type BenchResult, benchResult, targetFigure } from './benchResults.ts';

function result(bench: string, date: string, cpuRatio: number): BenchResult {
  return {
    ...benchResult(bench, [
      targetFigure({ key: 'cpuRatio', label: 'CPU ratio', value: cpuRatio, unit: 'x' }, { atLeast: 0.5 }),
      { key: 'rssMB', label: 'RSS', value: 612.4, unit: 'MB' },
    ]),
    date,
    commit: `${date.slice(8, 10)}abcdef0123456789`,
  };
}

function resultsDir(results: BenchResult[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-results-'));
  results.forEach((each, index) => {
    fs.writeFileSync(path.join(dir, `${each.bench}-${index}.json`), JSON.stringify(each));
  });
  return dir;
}

describe('bench:report', () => {
  it('shows the newest result of each bench, with its commit, and whether each target is met', () => {
    const dir = resultsDir([
      result('click', '2026-12-05T10:00:00.000Z', 0.61),
      result('click', '2026-12-03T10:00:00.000Z', 0.2),
      result('import', '2026-12-04T10:00:00.000Z', 0.3),
    ]);
    const report = renderReport(readResults(dir));
    expect(report.startsWith(REPORT_BEGIN)).toBe(true);
    expect(report.endsWith(REPORT_END)).toBe(true);
    expect(report).toContain('### bench:click');
    expect(report).toContain('Commit `05abcde`, 2026-12-05');
    expect(report).toContain('| CPU ratio | 0.61x | >= 0.5x: met |');
    expect(report).not.toContain('0.20x');
    expect(report).toContain('| CPU ratio | 0.30x | >= 0.5x: **not met** |');
    expect(report).toContain('| RSS | 612 MB |  |');
    expect(report.indexOf('bench:click')).toBeLessThan(report.indexOf('bench:import'));
  });

  it('replaces only the section between the markers, and refuses a page without them', () => {
    const page = `# Title\n\n${REPORT_BEGIN}\nold figures\n${REPORT_END}\n\n## After\n`;
    const updated = withReport(page, renderReport([result('click', '2026-12-05T10:00:00.000Z', 0.7)]));
    expect(updated).toMatch(/^# Title\n\n<!-- bench-report/);
    expect(updated).not.toContain('old figures');
    expect(updated).toContain('0.70x');
    expect(updated.endsWith(`${REPORT_END}\n\n## After\n`)).toBe(true);
    expect(() => withReport('# No markers\n', 'x')).toThrow(/no bench-report markers/);
  });

  it('refuses a file that is not a bench result, naming it', () => {
    const dir = resultsDir([]);
    fs.writeFileSync(path.join(dir, 'broken.json'), JSON.stringify({ figures: [] }));
    expect(() => readResults(dir)).toThrow(`broken.json: ${READ_RESULTS_ERROR}`);
  });

  it('has docs/measurements.md showing what bench-results/ holds', () => {
    const page = fs.readFileSync(REPORT_PAGE, 'utf8');
    expect(withReport(page, renderReport(readResults(RESULTS_DIR)))).toBe(page);
  });
});
