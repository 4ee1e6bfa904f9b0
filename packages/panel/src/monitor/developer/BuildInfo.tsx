import { API_PATHS, healthResponseSchema, type MonitorResponse } from '@cairn/contract';
import { Card, ServerMessage, Skeleton } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServices } from '../../app/services.ts';
import * as styles from '../../pages/pages.css.ts';
import { fetchMonitor, monitorQueryKey } from '../api.ts';
import * as monitorStyles from '../monitor.css.ts';

// The server's health answer names its version; commit and build time are read when a server reports them.
const serverBuildSchema = healthResponseSchema.extend({
  commit: z.string().optional(),
  builtAt: z.string().optional(),
});

function Versions() {
  const { build, client } = useServices();
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => client.get(API_PATHS.health, { schema: serverBuildSchema }),
  });
  const server = health.data?.status === 'ok' ? health.data.data : undefined;
  return (
    <Card title="Versions">
      <dl className={styles.definitionList}>
        <dt className={styles.definitionTerm}>Panel version</dt>
        <dd className={styles.definitionValue}>{build.version}</dd>
        <dt className={styles.definitionTerm}>Panel commit</dt>
        <dd className={styles.definitionValue}>{build.commit}</dd>
        <dt className={styles.definitionTerm}>Panel built at</dt>
        <dd className={styles.definitionValue}>{build.builtAt}</dd>
        <dt className={styles.definitionTerm}>Server version</dt>
        <dd className={styles.definitionValue}>
          {server?.version ?? (health.data ? `unavailable (${health.data.status})` : 'loading…')}
        </dd>
        <dt className={styles.definitionTerm}>Server commit</dt>
        <dd className={styles.definitionValue}>{server ? (server.commit ?? 'not reported') : '—'}</dd>
        <dt className={styles.definitionTerm}>Server built at</dt>
        <dd className={styles.definitionValue}>{server ? (server.builtAt ?? 'not reported') : '—'}</dd>
        <dt className={styles.definitionTerm}>Server schema version</dt>
        <dd className={styles.definitionValue}>{server?.schemaVersion ?? '—'}</dd>
        <dt className={styles.definitionTerm}>Server mode</dt>
        <dd className={styles.definitionValue}>{server?.mode ?? '—'}</dd>
      </dl>
    </Card>
  );
}

function Credit({ credit }: { credit: MonitorResponse['credits'][number] }) {
  return (
    <li>
      <strong>{credit.name}</strong>
      <br />
      {/* CC BY 4.0: the attribution, its link and the licence's link must be shown with the data. */}
      <a className={monitorStyles.link} href={credit.url} target="_blank" rel="noreferrer">
        {credit.attribution}
      </a>
      , licensed under{' '}
      <a className={monitorStyles.link} href={credit.licenceUrl} target="_blank" rel="noreferrer">
        {credit.licence}
      </a>
      .{' '}
      <span className={monitorStyles.muted}>
        Package <span className={monitorStyles.mono}>{`${credit.package}@${credit.version}`}</span>
      </span>
    </li>
  );
}

/** Who made the data the click engine enriches clicks with, as the data's licences require. */
function DataCredits() {
  const { client } = useServices();
  // The monitor's answer carries the credits; sharing its key reuses whatever the monitor page loaded.
  const monitor = useQuery({
    queryKey: monitorQueryKey,
    queryFn: ({ signal }) => fetchMonitor(client, signal),
  });
  return (
    <Card
      title="Data credits"
      description="Clicks are enriched with these databases; their licences ask for this attribution."
    >
      {monitor.data ? (
        <ul className={monitorStyles.creditList}>
          {monitor.data.credits.map((credit) => (
            <Credit key={credit.package} credit={credit} />
          ))}
        </ul>
      ) : monitor.error ? (
        <div role="alert" className={styles.message}>
          <ServerMessage message={`The credits could not be loaded: ${monitor.error.message}`} />
        </div>
      ) : (
        <Skeleton lines={2} />
      )}
    </Card>
  );
}

export function BuildInfo() {
  return (
    <>
      <Versions />
      <DataCredits />
    </>
  );
}
