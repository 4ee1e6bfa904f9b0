// The offline enrichment of a click: location and network from databases shipped as npm packages (or
// newer files in the data dir), device and browser from the user agent, language and referrer from the
// headers. Nothing here touches the network at run time.
export { type CheckedDatabase, checkDatabaseFile, GeoFileError } from './check.ts';
export { type DataCredit, ENRICHMENT_CREDITS, packageDir } from './credits.ts';
export { DATA_DIR_FILES, type Family, type Kind, PACKAGED_FILES, UPDATE_STAMP } from './databases.ts';
export { createEnricher } from './enricher.ts';
export { MMDB_RECORD_CACHE_SIZE } from './mmdbFile.ts';
export type {
  ConnectionType,
  DatabaseInfo,
  DatabaseSource,
  DeviceType,
  Enricher,
  EnricherOptions,
  EnrichInput,
  Enrichment,
} from './types.ts';
export { USER_AGENT_CACHE_SIZE, USER_AGENT_MAX_LENGTH } from './userAgent.ts';
export { watchGeoUpdates } from './watch.ts';
