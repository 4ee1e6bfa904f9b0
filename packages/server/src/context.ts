import type { Backup } from '@cairn/contract';
import type { Logger } from 'pino';
import type { Keys } from './auth/secrets.ts';
import type { SessionRepository } from './auth/sessions.ts';
import type { UserRepository } from './auth/users.ts';
import type { CairnConfig } from './config.ts';
import type { ConfigStore } from './store/config/port.ts';

/** What route modules share: configuration, the store and the repositories built on it. */
export interface AppContext {
  config: CairnConfig;
  store: ConfigStore;
  keys: Keys;
  trackerId: string;
  version: string;
  schemaVersion: number;
  users: UserRepository;
  sessions: SessionRepository;
  logger: Logger;
  /** The key installed through the API (kept in settings); CAIRN_LICENSE_KEY is the other candidate. */
  installedLicenseKey: string | null;
  /** Copies the embedded database now; null for stores that are backed up by their own tools. */
  createBackup: (() => Promise<Backup>) | null;
}
