// Micro-benchmark of enrich() on the shipped databases (not a test): `node packages/server/bench/enrich.ts`;
// prints ns per call for a few thousand varied clicks.
import { seededRandom as seeded } from '../src/seeding/random.ts';
import { createEnricher } from '../src/tracking/enrich/enricher.ts';
import type { EnrichInput } from '../src/tracking/enrich/types.ts';

const random = seeded(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const hex = () => Math.floor(random() * 0x10000).toString(16);

const AGENT_TEMPLATES = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{v}.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{v}.0.0.0 Safari/537.36 Edg/{v}.0.2478.80',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.{v} Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:{v}.0) Gecko/20100101 Firefox/{v}.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_{v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.{v} Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 16_{v} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.{v} Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{v}.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{v}.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/{v}.0 Chrome/110.0.5481.154 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/{v}.0.0.38.108;FBBV/564431005]',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) {v}.0.3809.146/6.0 TV Safari/537.36',
];
const LANGUAGES = [
  'en-US,en;q=0.9',
  'de-DE,de;q=0.9,en;q=0.8',
  'fr-FR,fr;q=0.9',
  'pt-BR,pt;q=0.9,en;q=0.5',
  'es',
  '',
];
const REFERRERS = [
  '',
  'https://www.google.com/',
  'https://m.facebook.com/story.php?id=1',
  'android-app://com.google.android.gm/',
];
const IPV6_PREFIXES = ['2001:4860', '2003:e0', '2a01:e0a', '2606:4700', '2a00:1450', '2600:1700', '2405:200'];

function randomIp(): string {
  if (random() < 0.2) return `${pick(IPV6_PREFIXES)}:${hex()}:${hex()}::${hex()}`;
  return [1, 2, 3, 4].map(() => Math.floor(random() * 256)).join('.');
}

const INPUTS: EnrichInput[] = Array.from({ length: 4000 }, () => ({
  ip: randomIp(),
  userAgent: pick(AGENT_TEMPLATES).replaceAll('{v}', String(100 + Math.floor(random() * 25))),
  acceptLanguage: pick(LANGUAGES),
  referrer: pick(REFERRERS),
}));

let sink = 0;

function measure(label: string, rounds: number, inputOf: (index: number) => EnrichInput): void {
  const run = (count: number) => {
    for (let index = 0; index < count; index++) {
      const facts = enricher.enrich(inputOf(index));
      sink += facts.asn + facts.countryCode.length;
    }
  };
  run(INPUTS.length);
  const calls = rounds * INPUTS.length;
  const started = process.hrtime.bigint();
  run(calls);
  const elapsed = Number(process.hrtime.bigint() - started);
  console.log(`${label.padEnd(46)} ${(elapsed / calls).toFixed(0).padStart(7)} ns/op  (${calls} calls)`);
}

const loadStarted = performance.now();
const enricher = await createEnricher({});
console.log(
  `createEnricher (packaged databases)            ${(performance.now() - loadStarted).toFixed(0)} ms`,
);

const distinctAgents = new Set(INPUTS.map((input) => input.userAgent)).size;
measure(
  `enrich, warm (${distinctAgents} distinct agents, cached)`,
  25,
  (index) => INPUTS[index % INPUTS.length] as EnrichInput,
);
measure('enrich, IP and headers only (no user agent)', 25, (index) => ({
  ...(INPUTS[index % INPUTS.length] as EnrichInput),
  userAgent: '',
}));
// New visitors from everywhere, as paid traffic brings: 200,000 addresses against a record cache of
// MMDB_RECORD_CACHE_SIZE, so most city records are decoded afresh (mmdbFields.ts).
const everywhere = Array.from({ length: 200_000 }, () => {
  const value = Math.floor(random() * 0x100000000);
  return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
});
measure('enrich, every address new (record cache misses)', 50, (index) => ({
  ...(INPUTS[index % INPUTS.length] as EnrichInput),
  ip: everywhere[index % everywhere.length] as string,
}));
let unique = 0;
measure('enrich, every agent new (cache misses)', 2, (index) => {
  const input = INPUTS[index % INPUTS.length] as EnrichInput;
  unique++;
  return { ...input, userAgent: `${input.userAgent} x/${unique}` };
});
console.log(`(checksum ${sink})`);
