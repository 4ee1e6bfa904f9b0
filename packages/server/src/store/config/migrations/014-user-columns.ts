import type { Migration } from '../migration.ts';

// Each user's column choices per table (account/columns.ts): the choice as JSON, one row a table. Deleting
// the user deletes the rows (entities/kinds/user.ts). Times are epoch ms.
export const USER_COLUMNS_MIGRATION: Migration = {
  version: 14,
  name: 'User column choices',
  statements: [
    `CREATE TABLE user_columns (
        user_id BIGINT NOT NULL,
        table_key VARCHAR NOT NULL,
        choice VARCHAR NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, table_key)
      )`,
  ],
};
