import type { MonitorNode } from '@cairn/contract';
import { Badge, Card } from '@cairn/ui';
import { formatCount, formatDateTime, formatDuration, formatMilliseconds } from '../utils/format.ts';
import * as styles from './monitor.css.ts';

// Every node of the installation, from the heartbeats the nodes write into the configuration store: when
// each was last seen and how far its click journal is behind the event store. One node (the embedded
// setup) is a list of one.

/** "just now", "12 s ago", "3 min ago", with the time itself for anything older than a minute. */
export function seenText(now: string, at: string): string {
  const seconds = Math.max(0, (Date.parse(now) - Date.parse(at)) / 1000);
  if (seconds < 1) return 'just now';
  const ago = `${formatDuration(seconds)} ago`;
  return seconds < 60 ? ago : `${ago} (${formatDateTime(at)})`;
}

export function NodesCard({ nodes, now }: { nodes: readonly MonitorNode[]; now: string }) {
  const stale = nodes.filter((node) => node.state === 'stale').length;
  return (
    <Card
      title="Nodes"
      description={
        stale > 0
          ? `${nodes.length} nodes; ${stale} not seen for a while (stopped, killed or cut off from the database).`
          : nodes.length === 1
            ? 'This node alone; it sends a heartbeat every few seconds.'
            : `${nodes.length} nodes, each sending a heartbeat every few seconds.`
      }
      className={styles.wide}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
      <div className={styles.scroller} tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              {[
                'Node',
                'State',
                'Last seen',
                'Journal backlog',
                'Flusher lag',
                'Last flush',
                'Clicks last minute',
                'Version',
              ].map((label) => (
                <th key={label} scope="col" className={styles.header}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {nodes.map((node) => (
              <tr key={node.nodeId}>
                <th scope="row" className={`${styles.cell} ${styles.header}`}>
                  {node.nodeId}
                  {node.current && <span className={styles.muted}> (this node)</span>}
                </th>
                <td className={styles.cell}>
                  <Badge tone={node.state === 'ok' ? 'success' : 'danger'} withDot>
                    {node.state === 'ok' ? 'OK' : 'Not seen'}
                  </Badge>
                </td>
                <td className={styles.cell}>{seenText(now, node.lastSeenAt)}</td>
                <td className={`${styles.cell} ${styles.numeric}`}>
                  {formatCount(node.backlogEvents)} events in {formatCount(node.backlogSegments)} segments
                </td>
                <td className={`${styles.cell} ${styles.numeric}`}>{formatMilliseconds(node.lagMs)}</td>
                <td className={styles.cell}>
                  {node.lastFlushAt ? formatDateTime(node.lastFlushAt) : 'Not yet'}
                </td>
                <td className={`${styles.cell} ${styles.numeric}`}>{formatCount(node.clicksPerMinute)}</td>
                <td className={`${styles.cell} ${styles.mono}`}>{node.version}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
