import type { Migration } from '../migration.ts';

// Conversion state, the postback log, the S2S outbox and the journal hand-off of conversion events.
// The config store holds what must be exact and shared by every node (which conversions exist, their
// status and payout, what is still to be sent); the event store only receives the deltas.
export const CONVERSIONS_MIGRATION: Migration = {
  version: 5,
  name: 'conversions, postback log and S2S outbox',
  statements: [
    // One row per conversion: (click_id, seq) names it, as its events in the event store do. txid is the
    // network's transaction id, NULL when it sent none; NULLs never collide in a unique index, so a
    // repeated txid is refused by the store itself while conversions without one are told apart by seq.
    `CREATE TABLE conversions (
        click_id VARCHAR NOT NULL,
        seq INTEGER NOT NULL,
        txid VARCHAR,
        status VARCHAR NOT NULL,
        network_status VARCHAR NOT NULL,
        payout_micros BIGINT NOT NULL,
        currency VARCHAR NOT NULL,
        revenue_micros BIGINT NOT NULL,
        cost_micros BIGINT NOT NULL,
        click_time TIMESTAMPTZ NOT NULL,
        campaign_id BIGINT NOT NULL,
        offer_id BIGINT NOT NULL,
        affiliate_network_id BIGINT NOT NULL,
        traffic_source_id BIGINT NOT NULL,
        last_event_ms BIGINT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (click_id, seq)
      )`,
    'CREATE UNIQUE INDEX conversions_click_txid_idx ON conversions (click_id, txid)',
    'CREATE INDEX conversions_click_idx ON conversions (click_id)',
    // Conversion events committed here before they are journaled (what they change; the click's
    // dimensions are the click's): a node deletes its rows once the journal holds them, and after a
    // crash journals those the event store lacks.
    `CREATE TABLE conversion_journal (
        node_id VARCHAR NOT NULL,
        batch VARCHAR NOT NULL,
        click_id VARCHAR NOT NULL,
        seq INTEGER NOT NULL,
        click_ms BIGINT NOT NULL,
        event_ms BIGINT NOT NULL,
        status VARCHAR NOT NULL,
        txid VARCHAR NOT NULL,
        approved SMALLINT NOT NULL,
        pending SMALLINT NOT NULL,
        declined SMALLINT NOT NULL,
        revenue_micros BIGINT NOT NULL,
        cost_micros BIGINT NOT NULL
      )`,
    // Append-only and read in id order: no key to maintain on every postback.
    'CREATE SEQUENCE postback_log_id_seq START 1',
    `CREATE TABLE postback_log (
        id BIGINT NOT NULL DEFAULT nextval('postback_log_id_seq'),
        received_at TIMESTAMPTZ NOT NULL,
        via VARCHAR NOT NULL,
        ip VARCHAR NOT NULL,
        click_id VARCHAR NOT NULL,
        query VARCHAR NOT NULL,
        http_status INTEGER NOT NULL,
        outcome VARCHAR NOT NULL,
        message VARCHAR NOT NULL,
        conversion_seq INTEGER
      )`,
    'CREATE SEQUENCE s2s_outbox_id_seq START 1',
    `CREATE TABLE s2s_outbox (
        id BIGINT PRIMARY KEY DEFAULT nextval('s2s_outbox_id_seq'),
        click_id VARCHAR NOT NULL,
        seq INTEGER NOT NULL,
        traffic_source_id BIGINT NOT NULL,
        url VARCHAR NOT NULL,
        state VARCHAR NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TIMESTAMPTZ NOT NULL,
        give_up_at TIMESTAMPTZ NOT NULL,
        claim_token VARCHAR,
        claimed_until TIMESTAMPTZ,
        last_status INTEGER,
        last_error VARCHAR,
        created_at TIMESTAMPTZ NOT NULL,
        delivered_at TIMESTAMPTZ
      )`,
    'CREATE INDEX s2s_outbox_click_idx ON s2s_outbox (click_id)',
  ],
};
