import type { Migration } from '../migration.ts';

// Geo databases installed by `cairn geo update` on a PostgreSQL installation, so that every node takes
// the same files into its own data dir. A file is split in rows of base64 text (both stores' plain
// VARCHAR; no binary type is shared by DuckDB and PostgreSQL): a row stays well under what one statement
// should carry, and `sha256` lets a node tell the file it has from the one stored.
export const GEO_FILES_MIGRATION: Migration = {
  version: 11,
  name: 'Geo files',
  statements: [
    `CREATE TABLE geo_files (
        name VARCHAR NOT NULL,
        part INTEGER NOT NULL,
        parts INTEGER NOT NULL,
        sha256 VARCHAR NOT NULL,
        origin VARCHAR NOT NULL,
        built_at VARCHAR NOT NULL,
        installed_at VARCHAR NOT NULL,
        data VARCHAR NOT NULL,
        PRIMARY KEY (name, part)
      )`,
  ],
};
