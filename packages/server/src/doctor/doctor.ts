// `cairn doctor`: whether this machine can run Cairn as configured, one line per check with what to fix.
// Run it before the first start and after changing the machine; it also runs beside a live Cairn, whose
// ports and data directory then count as in use for a good reason.
import type { CairnConfig } from '../config.ts';
import { checkDataDir, checkDisk, checkNode, checkPorts, nodeMinimum, writeProbe } from './machine.ts';
import type { Check } from './report.ts';
import { checkAcme, checkConfigStore, checkEventStore } from './stores.ts';

export type { Check, CheckStatus } from './report.ts';
export { exitCodeOf, formatChecks } from './report.ts';

/** What the checks read from the machine, replaceable where a test cannot make the real condition. */
export interface DoctorProbes {
  /** `process.versions.node` unless given. */
  nodeVersion?: string;
  /** Writes and removes a file in a directory, throwing the file system's error. */
  writeProbe?: (dir: string) => void;
  /** Bytes free to this user in a directory. */
  freeBytes?: (dir: string) => number;
}

export interface DoctorEnvironment {
  /** ClickHouse as event store (read from the environment, as the server does). */
  eventsDb?: string | undefined;
  /** Whether CAIRN_ACME_DIRECTORY is set: with it (or an HTTPS port) the ACME directory is checked. */
  acmeDirectorySet?: boolean;
}

export async function runDoctor(
  config: CairnConfig,
  environment: DoctorEnvironment = {},
  probes: DoctorProbes = {},
): Promise<Check[]> {
  const checks: Check[] = [checkNode(probes.nodeVersion ?? process.versions.node, nodeMinimum())];
  checks.push(...(await checkPorts(config)));
  checks.push(checkDataDir(config.dataDir, probes.writeProbe ?? writeProbe));
  checks.push(probes.freeBytes ? checkDisk(config.dataDir, probes.freeBytes) : checkDisk(config.dataDir));
  checks.push(await checkConfigStore(config));
  checks.push(await checkEventStore(config.dataDir, environment.eventsDb));
  if (config.httpsPort !== null || environment.acmeDirectorySet) checks.push(await checkAcme(config));
  return checks;
}
