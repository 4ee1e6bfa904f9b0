// The shape of one versioned schema change of the config store.
export interface Migration {
  /** Strictly increasing; never renumber or edit a shipped migration, add a new one instead. */
  version: number;
  name: string;
  /** Portable statements, run in order inside one transaction. */
  statements: readonly string[];
}
