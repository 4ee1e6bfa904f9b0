import type { Migration } from '../migration.ts';

// HTTPS for tracking domains. A row per host an operator wants a certificate for, keyed by the host (a
// domain renamed is a new host, needing its own certificate); the key is sealed with the installation's
// key. Times are epoch milliseconds. Challenges live here too, so whichever node the ACME server reaches
// answers them.
export const TLS_MIGRATION: Migration = {
  version: 10,
  name: 'TLS certificates',
  statements: [
    `CREATE TABLE tls_certificates (
        host VARCHAR PRIMARY KEY,
        wanted BOOLEAN NOT NULL,
        redirect_http BOOLEAN NOT NULL,
        certificate_pem VARCHAR,
        key_sealed VARCHAR,
        not_after BIGINT,
        issued_at BIGINT,
        last_attempt_at BIGINT,
        last_error VARCHAR,
        updated_at BIGINT NOT NULL
      )`,
    `CREATE TABLE acme_challenges (
        token VARCHAR PRIMARY KEY,
        key_authorization VARCHAR NOT NULL,
        host VARCHAR NOT NULL,
        created_at BIGINT NOT NULL
      )`,
  ],
};
