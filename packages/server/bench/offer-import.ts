// `npm run bench:import -w @cairn/server`: one `POST /api/offer/import` of 5,000 lines (BENCH_LINES) against
// the real server on a fresh DuckDB, signed in as the admin, after a 100-line warm-up. About one line in
// ten is refused (bad URL, unknown group, bad payout) so the report path is timed too. Prints the time of
// the timed call, the CPU time it took (steadier than wall time on a shared machine), and what it created
// and refused.
import { entityPath, type OfferImportResponse } from '@cairn/contract';
import { keepBenchResult, targetFigure } from '@cairn/tooling/benchResults';
import { ADMIN_PASSWORD, startTestCairn, TestBrowser } from '../test-support/server.ts';

const LINES = Number(process.env.BENCH_LINES ?? 5000);

function lines(count: number, tag: string): string {
  const out = ['Name;URL;Auto;Payout;Currency;Upsell;Country;Group;Network'];
  for (let i = 0; i < count; i += 1) {
    const name = `${tag} offer ${i}`;
    if (i % 30 === 7) out.push(`${name};ftp://bad.example/;no;1`);
    else if (i % 30 === 17) out.push(`${name};https://o.example/?s={clickid};no;1;USD;no;;No such group`);
    else if (i % 30 === 27) out.push(`${name};https://o.example/?s={clickid};no;1.2345678`);
    else out.push(`${name};https://o.example/${i}?s={clickid};no;${(i % 50) + 0.5};EUR;no;DE;Bench;BenchNet`);
  }
  return out.join('\n');
}

const cairn = await startTestCairn();
try {
  const browser = new TestBrowser(cairn.url);
  if ((await browser.signIn('admin', ADMIN_PASSWORD)).status !== 200) throw new Error('sign-in failed');
  await browser.post(entityPath.list('group'), { name: 'Bench', kind: 'offer' });
  await browser.post(entityPath.list('affiliate_network'), { name: 'BenchNet' });
  await browser.post(entityPath.offerImport, { text: lines(100, 'warm-up') });

  const text = lines(LINES, 'bench');
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await browser.post(entityPath.offerImport, { text });
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = performance.now() - started;
  if (result.status !== 200)
    throw new Error(`import answered ${result.status}: ${result.text.slice(0, 300)}`);
  const report = result.json<OfferImportResponse>();
  console.log(
    `offer import: ${LINES} lines in ${Math.round(elapsed)} ms (${(elapsed / LINES).toFixed(3)} ms/line; ` +
      `${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU in this process, server and DuckDB threads included), ` +
      `${report.created.length} created, ${report.errors.length} refused`,
  );
  keepBenchResult(
    'import',
    [
      targetFigure(
        {
          key: 'importSeconds',
          label: `One import of ${LINES} offer lines`,
          value: elapsed / 1000,
          unit: 's',
        },
        { atMost: 2 },
      ),
      {
        key: 'cpuSeconds',
        label: 'CPU of the import (server and DuckDB threads)',
        value: (cpu.user + cpu.system) / 1e6,
        unit: 's',
      },
      { key: 'created', label: 'Offers created', value: report.created.length, unit: '' },
      { key: 'refused', label: 'Lines refused, each with its reason', value: report.errors.length, unit: '' },
    ],
    { lines: LINES },
  );
} finally {
  await cairn.close();
}
