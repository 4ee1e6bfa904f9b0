import type { Migration } from '../migration.ts';

// What every node must see alike rather than keep in its own memory. Times are epoch milliseconds
// (BIGINT), compared with the node's clock as the in-memory state was.
export const SHARED_NODE_STATE_MIGRATION: Migration = {
  version: 6,
  name: 'sign-in failure budgets and node heartbeats',
  statements: [
    // One row per failed (or still running) password or code check, under each budget it spends
    // (`i:<ip>`, `a:password:<login>`, `a:two_factor:<login>`); rows older than the window are swept.
    'CREATE SEQUENCE sign_in_failures_id_seq START 1',
    `CREATE TABLE sign_in_failures (
        id BIGINT PRIMARY KEY DEFAULT nextval('sign_in_failures_id_seq'),
        budget_key VARCHAR NOT NULL,
        at_ms BIGINT NOT NULL
      )`,
    // Each node's last heartbeat with its journal figures, for the monitor's list of nodes.
    `CREATE TABLE cluster_nodes (
        node_id VARCHAR PRIMARY KEY,
        version VARCHAR NOT NULL,
        started_ms BIGINT NOT NULL,
        seen_ms BIGINT NOT NULL,
        backlog_events BIGINT NOT NULL,
        backlog_segments BIGINT NOT NULL,
        lag_ms BIGINT NOT NULL,
        last_flush_ms BIGINT,
        clicks_per_minute BIGINT NOT NULL
      )`,
  ],
};
