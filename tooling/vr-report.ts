import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APPROVE_COMMAND, collectFailedComparisons, renderReport } from './vrReport.ts';

// `npm run vr:report`: the failed screenshot comparisons of the last storybook run as one HTML file a
// designer opens anywhere (see tooling/vrReport.ts). Options:
//   --root <dir>     the repository whose .vitest/attachments and baselines are read (default this one)
//   --out <file>     where to write it (default vr-report.html in that root)
//   --since <ms>     only images written from then on (ms since the epoch), as .ci/run passes its start time
//   --if-failed      write nothing when no comparison failed (CI keeps no empty artifact)
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..') },
    out: { type: 'string' },
    since: { type: 'string' },
    'if-failed': { type: 'boolean', default: false },
  },
});

const root = path.resolve(values.root);
const since = values.since === undefined ? undefined : Number(values.since);
if (since !== undefined && !Number.isFinite(since))
  throw new Error(`--since takes ms since the epoch, not ${values.since}`);
const failures = collectFailedComparisons({
  root,
  attachmentsDir: path.join(root, '.vitest', 'attachments'),
  ...(since === undefined ? {} : { since }),
});
if (failures.length === 0 && values['if-failed']) {
  console.log('vr-report: no failed screenshot comparison, no report written');
} else {
  const out = path.resolve(values.out ?? path.join(root, 'vr-report.html'));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, renderReport(failures, { approveCommand: APPROVE_COMMAND }));
  console.log(`vr-report: ${failures.length} failed screenshot comparison(s) in ${out}`);
  if (failures.length > 0)
    console.log(`vr-report: approve them (rewrite the baselines) with ${APPROVE_COMMAND}`);
}
