import type { MonitorResponse } from '@cairn/contract';
import {
  Badge,
  type BadgeTone,
  Card,
  EmptyState,
  PageHeader,
  ServerMessage,
  Skeleton,
  visuallyHidden,
} from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { GeoDataCredit } from '../app/GeoDataCredit.tsx';
import { useServices } from '../app/services.ts';
import { Figures } from '../pages/Figures.tsx';
import * as pageStyles from '../pages/pages.css.ts';
import {
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatMilliseconds,
  formatRate,
} from '../utils/format.ts';
import { fetchMonitor, monitorQueryKey } from './api.ts';
import { ClicksChart } from './ClicksChart.tsx';
import * as styles from './monitor.css.ts';
import { NodesCard } from './NodesCard.tsx';
import { Part } from './Part.tsx';

/** How often the figures refresh while the page is on screen (react-query pauses in a hidden tab). */
export const MONITOR_REFRESH_MS = 2000;

type BackgroundState = MonitorResponse['background'][number]['state'];

const stateTones: Record<BackgroundState, BadgeTone> = {
  ok: 'success',
  busy: 'info',
  failing: 'danger',
  idle: 'neutral',
};

const stateLabels: Record<BackgroundState, string> = {
  ok: 'OK',
  busy: 'Busy',
  failing: 'Failing',
  idle: 'Idle',
};

const sourceLabels: Record<string, string> = {
  package: 'Shipped with Cairn',
  'data-dir': 'Data directory',
};

function JournalCard({ journal }: { journal: MonitorResponse['journal'] }) {
  return (
    <Card
      title="Click journal"
      description="Every answered click is written here first, then moved into the event store."
    >
      <Figures
        rows={[
          [
            'Backlog',
            `${formatCount(journal.backlogEvents)} events in ${formatCount(journal.backlogSegments)} segments`,
          ],
          ['Flusher lag', formatMilliseconds(journal.lagMs)],
          ['Throughput', formatRate(journal.eventsPerSecond)],
          [
            'Last flush',
            journal.lastFlushAt
              ? `${formatDateTime(journal.lastFlushAt)}, took ${formatMilliseconds(journal.lastFlushMs)}`
              : 'Not yet',
          ],
          ['Stored since start', `${formatCount(journal.flushedTotal)} events`],
        ]}
      />
    </Card>
  );
}

function BackgroundCard({ background }: { background: MonitorResponse['background'] }) {
  return (
    <Card title="Background work">
      {background.length === 0 ? (
        <p className={styles.muted}>No background work reported.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" className={styles.header}>
                Task
              </th>
              <th scope="col" className={styles.header}>
                State
              </th>
              <th scope="col" className={styles.header}>
                Detail
              </th>
            </tr>
          </thead>
          <tbody>
            {background.map((task) => (
              <tr key={task.name}>
                <th scope="row" className={`${styles.cell} ${styles.header}`}>
                  {task.name}
                </th>
                <td className={styles.cell}>
                  <Badge tone={stateTones[task.state]} withDot>
                    {stateLabels[task.state]}
                  </Badge>
                </td>
                <td className={styles.cell}>{task.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function DatabasesCard({
  databases,
  warning,
}: {
  databases: MonitorResponse['databases'];
  warning: string | null;
}) {
  return (
    <Card
      title="Enrichment databases"
      description="Country, region, city and ISP are looked up offline in these files."
      className={styles.wide}
    >
      {warning !== null && (
        <p role="status" className={styles.warning}>
          {warning}
        </p>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.header}>
              Database
            </th>
            <th scope="col" className={styles.header}>
              Built
            </th>
            <th scope="col" className={styles.header}>
              Source
            </th>
            <th scope="col" className={styles.header}>
              File
            </th>
          </tr>
        </thead>
        <tbody>
          {databases.map((database) => (
            <tr key={database.name}>
              <th scope="row" className={`${styles.cell} ${styles.header}`}>
                {database.name}
              </th>
              <td className={styles.cell}>
                {formatDate(database.builtAt)}
                <span className={styles.muted}>{` (${formatCount(database.ageDays)} days ago)`}</span>
              </td>
              <td className={styles.cell}>
                {sourceLabels[database.source] ?? database.source}
                <br />
                <span className={`${styles.mono} ${styles.muted}`}>{database.origin}</span>
              </td>
              <td className={`${styles.cell} ${styles.mono}`}>{database.path}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <GeoDataCredit />
    </Card>
  );
}

function MonitorFigures({ data }: { data: MonitorResponse }) {
  return (
    <>
      <Part title="Installation" description="The health of every node, and how far each is behind.">
        <div className={styles.grid}>
          <NodesCard nodes={data.nodes} now={data.now} />
        </div>
      </Part>
      <Part title="Traffic">
        <Card title="Clicks per minute" description="The last hour on this node.">
          <ClicksChart series={data.clicksPerMinute} />
        </Card>
      </Part>
      <Part
        title="Click engine"
        description="How this node keeps up: storage, background work, memory and data."
      >
        <div className={styles.grid}>
          <JournalCard journal={data.journal} />
          <BackgroundCard background={data.background} />
          <Card title="Routing table" description="Campaigns compiled into memory for the click path.">
            <Figures
              rows={[
                ['Campaigns compiled', formatCount(data.routing.campaigns)],
                ['Changes applied', formatCount(data.routing.changesApplied)],
              ]}
            />
          </Card>
          <Card title="Memory">
            <Figures
              rows={[
                ['Process memory (RSS)', formatBytes(data.memory.rssBytes)],
                ['Visitors kept for uniqueness', formatCount(data.memory.uniquenessEntries)],
                ['Recent clicks kept for lander click-throughs', formatCount(data.memory.recentClicks)],
              ]}
            />
          </Card>
          <DatabasesCard databases={data.databases} warning={data.geoDataWarning} />
        </div>
      </Part>
    </>
  );
}

export default function MonitorPage() {
  const { client } = useServices();
  const monitor = useQuery({
    queryKey: monitorQueryKey,
    queryFn: ({ signal }) => fetchMonitor(client, signal),
    refetchInterval: MONITOR_REFRESH_MS,
  });
  const data = monitor.data;
  return (
    <div className={pageStyles.sectionLayout}>
      <PageHeader
        title="Monitor"
        description={
          data ? (
            <>
              Node <strong>{data.nodeId}</strong>, as of {formatDateTime(data.now)}.{' '}
              <span className={styles.liveNote}>
                Refreshes every {MONITOR_REFRESH_MS / 1000} s while this page is open.
              </span>
            </>
          ) : undefined
        }
      />
      {monitor.error && data && (
        <div role="alert" className={styles.warning}>
          <ServerMessage message={`The figures below are not current: ${monitor.error.message}`} />
        </div>
      )}
      {data ? (
        <MonitorFigures data={data} />
      ) : monitor.error ? (
        <EmptyState
          tone="danger"
          title="The monitor did not answer"
          description={<ServerMessage as="span" message={monitor.error.message} />}
        />
      ) : (
        <div role="status">
          <span className={visuallyHidden}>Loading the monitor…</span>
          <Skeleton lines={6} />
        </div>
      )}
    </div>
  );
}
