import type { Migration } from '../migration.ts';

// Entity tables. Same shape for every kind (sequence-backed BIGINT id, archived flag,
// TIMESTAMPTZ created_at/updated_at), no foreign keys (the server checks references, see index.ts),
// and list-shaped fields as JSON text, which both DuckDB and PostgreSQL store as VARCHAR/TEXT.
const META = `archived BOOLEAN NOT NULL DEFAULT FALSE,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL`;

export const ENTITY_TABLES_MIGRATION: Migration = {
  version: 2,
  name: 'offers, landers, affiliate networks, traffic sources, domains and groups',
  statements: [
    'CREATE SEQUENCE entity_groups_id_seq START 1',
    `CREATE TABLE entity_groups (
        id BIGINT PRIMARY KEY DEFAULT nextval('entity_groups_id_seq'),
        name VARCHAR NOT NULL,
        kind VARCHAR NOT NULL,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
    'CREATE SEQUENCE domains_id_seq START 1',
    `CREATE TABLE domains (
        id BIGINT PRIMARY KEY DEFAULT nextval('domains_id_seq'),
        host VARCHAR NOT NULL,
        is_default BOOLEAN NOT NULL,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
    'CREATE SEQUENCE affiliate_networks_id_seq START 1',
    `CREATE TABLE affiliate_networks (
        id BIGINT PRIMARY KEY DEFAULT nextval('affiliate_networks_id_seq'),
        name VARCHAR NOT NULL,
        offer_url_params VARCHAR NOT NULL,
        postback_placeholders VARCHAR NOT NULL,
        allowed_postback_ips VARCHAR NOT NULL,
        status_mapping VARCHAR NOT NULL,
        duplicate_postbacks VARCHAR NOT NULL,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
    'CREATE SEQUENCE offers_id_seq START 1',
    `CREATE TABLE offers (
        id BIGINT PRIMARY KEY DEFAULT nextval('offers_id_seq'),
        name VARCHAR NOT NULL,
        url VARCHAR NOT NULL,
        affiliate_network_id BIGINT,
        group_id BIGINT,
        payout_auto BOOLEAN NOT NULL,
        payout_micros BIGINT NOT NULL,
        currency VARCHAR NOT NULL,
        upsell BOOLEAN NOT NULL,
        country_code VARCHAR,
        daily_cap BIGINT,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
    'CREATE INDEX offers_affiliate_network_id_idx ON offers (affiliate_network_id)',
    'CREATE INDEX offers_group_id_idx ON offers (group_id)',
    'CREATE SEQUENCE landings_id_seq START 1',
    `CREATE TABLE landings (
        id BIGINT PRIMARY KEY DEFAULT nextval('landings_id_seq'),
        name VARCHAR NOT NULL,
        url VARCHAR NOT NULL,
        offers_count BIGINT NOT NULL,
        language VARCHAR,
        group_id BIGINT,
        lp_protect BOOLEAN NOT NULL,
        lp_protect_key VARCHAR,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
    'CREATE INDEX landings_group_id_idx ON landings (group_id)',
    'CREATE SEQUENCE traffic_sources_id_seq START 1',
    `CREATE TABLE traffic_sources (
        id BIGINT PRIMARY KEY DEFAULT nextval('traffic_sources_id_seq'),
        name VARCHAR NOT NULL,
        tokens VARCHAR NOT NULL,
        external_id VARCHAR,
        cost VARCHAR,
        postback_url VARCHAR,
        postback_percent DOUBLE PRECISION NOT NULL,
        payout_percent DOUBLE PRECISION NOT NULL,
        postback_mode VARCHAR NOT NULL,
        traffic_loss_percent DOUBLE PRECISION NOT NULL,
        template_id VARCHAR,
        notes VARCHAR NOT NULL,
        ${META}
      )`,
  ],
};
