import {
  type BundleConflictPolicy,
  CONFIG_BUNDLE_PATHS,
  type ConfigImportResponse,
  configImportResponseSchema,
} from '@cairn/contract';
import { z } from 'zod';
import type { ApiClient } from '../../../http/client.ts';

// The configuration bundle from Settings > Import/Export: the server's JSON document, downloaded as is,
// and a file of it sent back, first as a dry run for its plan, then for real.

/** The bundle is kept as the server wrote it: the import checks it whole, so the download need not. */
const bundleAnswerSchema = z.looseObject({ version: z.number(), exportedAt: z.string() });

/** The bundle; with a passphrase, with its secrets sealed by it (a POST, so it never sits in a URL). */
export function exportConfiguration(client: ApiClient, passphrase?: string) {
  if (passphrase === undefined) return client.get(CONFIG_BUNDLE_PATHS.export, { schema: bundleAnswerSchema });
  return client.post(CONFIG_BUNDLE_PATHS.export, { json: { passphrase }, schema: bundleAnswerSchema });
}

/** Whether a picked file carries sealed secrets, so the import needs their passphrase. */
export function carriesSecrets(bundle: unknown): boolean {
  return typeof bundle === 'object' && bundle !== null && 'secrets' in bundle && bundle.secrets != null;
}

export function importConfiguration(
  client: ApiClient,
  bundle: unknown,
  options: { dryRun: boolean; conflict: BundleConflictPolicy; passphrase?: string },
) {
  const withPassphrase =
    options.passphrase !== undefined && typeof bundle === 'object' && bundle !== null
      ? { ...bundle, passphrase: options.passphrase }
      : bundle;
  return client.post<ConfigImportResponse>(CONFIG_BUNDLE_PATHS.import, {
    json: withPassphrase,
    query: { dryRun: String(options.dryRun), conflict: options.conflict },
    schema: configImportResponseSchema,
  });
}

/** cairn-configuration-2026-03-01.json, the day the bundle was taken. */
export function configurationFileName(exportedAt: string): string {
  return `cairn-configuration-${exportedAt.slice(0, 10)}.json`;
}
