import type { Migration } from '../migration.ts';

// Hosted lander files. The bytes live in the config store on every installation (base64 text: both
// engines store it as is, and one code path serves the embedded store and PostgreSQL alike), so every
// node of a cluster serves the same files without copying them, and backups of the config store include
// them. Nodes keep a cache keyed by the content's SHA-256 (landerFiles/store.ts). Times are epoch ms.
export const LANDER_FILES_MIGRATION: Migration = {
  version: 12,
  name: 'Lander files',
  statements: [
    `CREATE TABLE lander_folders (
        name VARCHAR PRIMARY KEY,
        created_at BIGINT NOT NULL
      )`,
    `CREATE TABLE lander_files (
        folder VARCHAR NOT NULL,
        path VARCHAR NOT NULL,
        size BIGINT NOT NULL,
        content_type VARCHAR NOT NULL,
        sha256 VARCHAR NOT NULL,
        modified_at BIGINT NOT NULL,
        content VARCHAR NOT NULL,
        PRIMARY KEY (folder, path)
      )`,
  ],
};
