import { microsToDecimal, type TestClickResponse } from '@cairn/contract';
import { Badge, Card, CopyField } from '@cairn/ui';
import type { ReactNode } from 'react';
import { Figures } from '../../pages/Figures.tsx';
import * as pageStyles from '../../pages/pages.css.ts';
import * as styles from '../monitor.css.ts';

// What a test click decided and every fact the engine read, laid out for someone debugging a flow.

const redirectLabels: Record<string, string> = {
  http_302: 'HTTP 302',
  meta_refresh: 'Meta refresh',
  double_meta_refresh: 'Double meta refresh (hides the referrer)',
  javascript: 'JavaScript',
};

/** The enrichment's names as a media buyer says them; unknown keys are spelled out from their camelCase. */
const factLabels: Record<string, string> = {
  ip: 'IP address',
  ipVersion: 'IP version',
  countryCode: 'Country code',
  countryName: 'Country',
  region: 'Region',
  city: 'City',
  isp: 'ISP',
  asn: 'ASN',
  connectionType: 'Connection type',
  deviceType: 'Device type',
  brand: 'Device brand',
  model: 'Device model',
  os: 'OS',
  osVersion: 'OS version',
  browser: 'Browser',
  browserVersion: 'Browser version',
  language: 'Language',
  languageBase: 'Language without region',
  isBot: 'Bot',
  isDatacenter: 'Data centre address',
  referrerDomain: 'Referrer domain',
  tokens: 'Tokens',
  externalId: 'External id',
};

export function factLabel(key: string): string {
  const known = factLabels[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function factValue(value: string | number | boolean): ReactNode {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === '') return <span className={styles.muted}>not known</span>;
  return String(value);
}

function named(entity: { id: number; name: string } | null, none: string): string {
  if (!entity) return none;
  return entity.name ? `${entity.name} (#${entity.id})` : `#${entity.id}`;
}

/** One line naming the outcome: what a screen reader hears when the answer arrives. */
export function outcomeOf(result: TestClickResponse): string {
  if (result.status === 'fallback') return `Fallback: ${result.reason ?? 'no reason given'}.`;
  return `Routed to ${named(result.offer, 'no offer')}.`;
}

function Decision({ result }: { result: TestClickResponse }) {
  const routed = result.status === 'routed';
  const rows: [string, ReactNode][] = [
    [
      'Status',
      <Badge key="status" tone={routed ? 'success' : 'warning'} withDot>
        {routed ? 'Routed' : 'Fallback'}
      </Badge>,
    ],
  ];
  if (!routed) rows.push(['Reason', result.reason ?? 'not given']);
  rows.push(
    ['Campaign', named(result.campaign, 'none (unknown key)')],
    ['Rule', result.rule ?? (routed ? 'Default paths (no rule matched)' : '—')],
  );
  // Which criteria held: the rule matched because every one of them did.
  if (result.ruleCriteria.length > 0) rows.push(['Because', result.ruleCriteria.join('; ')]);
  rows.push(
    ['Path', result.path ?? '—'],
    ['Lander', named(result.landing, routed ? 'None: straight to the offer' : '—')],
    ['Offer', named(result.offer, '—')],
    ['Unique', result.unique ? 'Yes' : 'No'],
    ['Cost', `${microsToDecimal(result.costMicros)} in the base currency`],
    ['Redirect', redirectLabels[result.redirectMode] ?? result.redirectMode],
  );
  return <Figures rows={rows} />;
}

function Facts({ facts }: { facts: TestClickResponse['facts'] }) {
  const entries = Object.entries(facts);
  if (entries.length === 0) {
    return <p className={styles.muted}>No facts: the click never reached a campaign.</p>;
  }
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col" className={styles.header}>
            Fact
          </th>
          <th scope="col" className={styles.header}>
            Value
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([key, value]) => (
          <tr key={key}>
            <th scope="row" className={`${styles.cell} ${styles.header}`}>
              {factLabel(key)}
            </th>
            <td className={styles.cell}>{factValue(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ClickResult({ result }: { result: TestClickResponse }) {
  return (
    <div className={styles.grid}>
      <Card
        title="Decision"
        description="A test click: nothing was recorded, no cookie was set and no counter moved."
      >
        <div className={pageStyles.stack}>
          <Decision result={result} />
          {result.finalUrl ? (
            <CopyField label="Final URL" value={result.finalUrl} />
          ) : (
            <p className={styles.muted}>
              No destination: a visitor would get the fallback page (the fallback URL setting, else a plain
              404 page).
            </p>
          )}
        </div>
      </Card>
      <Card title="Enriched facts" description="What the engine knew about this visitor when it chose.">
        <Facts facts={result.facts} />
      </Card>
    </div>
  );
}
