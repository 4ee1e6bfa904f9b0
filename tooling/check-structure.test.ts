import { describe, expect, it } from 'vitest';
import { checkStructure, LOOSE_FILES_ALLOWED, SERVER_LAYERING } from './check-structure.ts';
import { repositoryPlanter } from './plant.testing.ts';

// The structure rules on a planted repository in a temp dir, so each rule is seen failing; and the real
// repository, which must pass them with its allow-list.

const plant = repositoryPlanter('cairn-structure-');

/** `count` modules directly in `folder`, each exporting a constant. */
function modules(folder: string, count: number, suffix = '.ts'): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `${folder}/part${index}${suffix}`,
      `export const part${index} = ${index};\n`,
    ]),
  );
}

describe('loose files per folder', () => {
  it('fails a folder with 21 source files directly in it', () => {
    const root = plant(modules('packages/demo/src', 21));
    expect(checkStructure({ root, looseFilesAllowed: {} })).toEqual([
      'packages/demo/src: 21 source files directly in it (at most 20, tests not counted); give its parts ' +
        'sub-folders by concern',
    ]);
  });

  it('passes 20, and does not count the tests beside them', () => {
    const root = plant({
      ...modules('packages/demo/src', 20),
      ...modules('packages/demo/src', 20, '.test.ts'),
    });
    expect(checkStructure({ root, looseFilesAllowed: {} })).toEqual([]);
  });

  it('counts only the files directly in a folder, not those of its sub-folders', () => {
    const root = plant({
      ...modules('packages/demo/src', 15),
      ...modules('packages/demo/src/parts', 15, '.tsx'),
    });
    expect(checkStructure({ root, looseFilesAllowed: {} })).toEqual([]);
  });

  it('lets an allow-listed folder through, and reports an entry once its folder is split', () => {
    const root = plant({ ...modules('packages/demo/src', 21), ...modules('packages/split/src', 3) });
    expect(
      checkStructure({
        root,
        looseFilesAllowed: { 'packages/demo/src': 'issue 42', 'packages/split/src': 'issue 42' },
      }),
    ).toEqual([
      'packages/split/src: allowed more than 20 loose source files until issue 42, and has 3; remove it ' +
        'from LOOSE_FILES_ALLOWED',
    ]);
  });
});

describe('the other rules', () => {
  it('fails an import cycle, a file over 450 lines and a reach into another package', () => {
    const root = plant({
      'packages/one/src/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'packages/one/src/b.ts': "import { a } from './a.ts';\nexport const b = a;\n",
      'packages/one/src/long.ts': 'export const line = 1;\n'.repeat(451),
      'packages/one/src/reach.ts': "export { two } from '../../two/src/two.ts';\n",
      'packages/two/src/two.ts': 'export const two = 2;\n',
    });
    expect(checkStructure({ root, looseFilesAllowed: {} }).sort()).toEqual([
      'import cycle: packages/one/src/a.ts <-> packages/one/src/b.ts',
      'packages/one/src/long.ts: 451 lines (at most 450); split it into parts',
      'packages/one/src/reach.ts: imports ../../two/src/two.ts, a file of another package; use its public entry',
    ]);
  });
});

describe('the server floors', () => {
  const layering = {
    source: 'packages/server/src',
    floors: [['events'], ['store'], ['tracking'], ['index']],
  };

  it('fails a backward import, and lets imports go down or sideways', () => {
    const root = plant({
      'packages/server/src/events/event.ts': 'export const kind = 1;\n',
      'packages/server/src/store/writer.ts':
        "import { kind } from '../events/event.ts';\nimport { recorder } from '../tracking/recorder.ts';\n" +
        'export const writer = [kind, recorder];\n',
      'packages/server/src/store/reader.ts':
        "import { writer } from './writer.ts';\nexport const reader = writer;\n",
      'packages/server/src/tracking/recorder.ts':
        "import { kind } from '../events/event.ts';\nexport const recorder = kind;\n",
      'packages/server/src/index.ts': "export { reader } from './store/reader.ts';\n",
    });
    expect(checkStructure({ root, looseFilesAllowed: {}, layering })).toEqual([
      'packages/server/src/store/writer.ts: imports packages/server/src/tracking/recorder.ts; store (floor 1) ' +
        'may not import tracking (floor 2): move the shared part down, or hand it in from above',
    ]);
  });

  it('counts type imports, and lets tests compose any floor', () => {
    const root = plant({
      'packages/server/src/events/event.ts':
        "import type { Store } from '../store/port.ts';\nexport type E = Store;\n",
      'packages/server/src/store/port.ts': 'export interface Store { id: number }\n',
      'packages/server/src/events/event.test.ts': "import { serve } from '../index.ts';\nserve();\n",
      'packages/server/src/index.ts': 'export function serve(): void {}\n',
    });
    expect(checkStructure({ root, looseFilesAllowed: {}, layering })).toEqual([
      'packages/server/src/events/event.ts: imports packages/server/src/store/port.ts; events (floor 0) may ' +
        'not import store (floor 1): move the shared part down, or hand it in from above',
    ]);
  });

  it('fails a module that was given no floor', () => {
    const root = plant({ 'packages/server/src/billing/invoice.ts': 'export const invoice = 1;\n' });
    expect(checkStructure({ root, looseFilesAllowed: {}, layering })).toEqual([
      'packages/server/src/billing: on no floor; give it one in SERVER_LAYERING',
    ]);
  });

  it("fails test and bench helpers inside the server's src, not beside it", () => {
    const root = plant({
      'packages/server/src/events/sample.testing.ts': 'export const sample = 1;\n',
      'packages/server/src/store/clickhouseTesting.ts': 'export const fake = 1;\n',
      'packages/server/src/store/journal.bench.ts': 'export const bench = 1;\n',
      'packages/server/src/test-support.ts': 'export const support = 1;\n',
      'packages/server/test-support/server.ts': 'export const support = 1;\n',
      'packages/server/bench/click.ts': 'export const bench = 1;\n',
    });
    expect(checkStructure({ root, looseFilesAllowed: {}, layering }).sort()).toEqual([
      'packages/server/src/events/sample.testing.ts: a test or bench helper inside src/; move it to test-support/ or bench/',
      'packages/server/src/store/clickhouseTesting.ts: a test or bench helper inside src/; move it to test-support/ or bench/',
      'packages/server/src/store/journal.bench.ts: a test or bench helper inside src/; move it to test-support/ or bench/',
      'packages/server/src/test-support.ts: a test or bench helper inside src/; move it to test-support/ or bench/',
    ]);
  });

  it('puts the event alone on the ground floor and the entry points on top', () => {
    expect(SERVER_LAYERING.floors[0]).toEqual(['events']);
    expect(SERVER_LAYERING.floors[1]).toEqual(['store']);
    expect(SERVER_LAYERING.floors.at(-1)).toContain('index');
  });
});

describe('this repository', () => {
  it('passes every rule, each folder over the limit naming the issue that splits it', () => {
    expect(checkStructure()).toEqual([]);
    for (const issue of Object.values(LOOSE_FILES_ALLOWED)) expect(issue).toMatch(/^issue \d+$/);
  });
});
