import {
  CONFIG_BUNDLE_MAX_BYTES,
  CONFIG_BUNDLE_PATHS,
  configBundleSchema,
  configExportQuerySchema,
  configExportWithSecretsSchema,
  configImportBodySchema,
  configImportQuerySchema,
  configImportResponseSchema,
} from '../importExport/bundle.ts';
import type { ApiRoute } from './catalogue.ts';

const SETTINGS = 'Settings';

/** The configuration bundle, for Settings > Import/Export. */
export const CONFIG_BUNDLE_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: CONFIG_BUNDLE_PATHS.export,
    summary: 'The configuration as one versioned JSON bundle',
    description:
      'Groups, domains, affiliate networks, traffic sources, landers, offers, rotations, campaigns (with ' +
      'their flows) and users (but the super-admin), and the plain settings (stats, URL customization, LP ' +
      'protect, postback processing). Entities refer to each other by keys, never ids. No secrets: no ' +
      'postback keys, tokens, LP-protect keys, password hashes or second-factor secrets; an imported user ' +
      'has no password until an admin sets one. `POST` adds the secrets a move needs, sealed with a passphrase.',
    tag: SETTINGS,
    access: 'admin',
    query: configExportQuerySchema,
    response: configBundleSchema,
    responseName: 'ConfigBundle',
  },
  {
    method: 'POST',
    path: CONFIG_BUNDLE_PATHS.export,
    summary: 'The configuration bundle with its secrets, sealed with a passphrase',
    description:
      'The same bundle as `GET`, plus `secrets`: the postback keys (current first) and the LP-protect key ' +
      'of every protected lander exported, as JSON sealed with AES-256-GCM under a key derived from ' +
      '`passphrase` with scrypt. Cairn does not keep the passphrase: without it the secrets cannot be read. ' +
      'Password hashes, second-factor secrets, API keys and integration tokens are never exported.',
    tag: SETTINGS,
    access: 'admin',
    body: configExportWithSecretsSchema,
    response: configBundleSchema,
    responseName: 'ConfigBundle',
  },
  {
    method: 'POST',
    path: CONFIG_BUNDLE_PATHS.import,
    summary: 'Import a configuration bundle, or work out what importing it would do',
    description:
      'The whole bundle is checked first (a malformed one is refused with each field named, and nothing ' +
      "changes); references are resolved by key and remapped to this installation's ids, and everything is " +
      'written in one transaction, audit-logged. An entity whose key exists already is skipped, overwritten ' +
      'or added under a new name as `conflict` says. `dryRun=true` answers the same plan and changes nothing. ' +
      'A bundle with `secrets` needs the `passphrase` it was exported with beside them in the body: its ' +
      "postback keys are added to this installation's (made current under `overwrite`), and each protected " +
      'lander the import writes takes its LP-protect key.',
    tag: SETTINGS,
    access: 'admin',
    query: configImportQuerySchema,
    body: configImportBodySchema,
    response: configImportResponseSchema,
    errors: {
      409: 'A unique value (a group name, a domain) is taken in a way the policy cannot settle',
      413: `The bundle is larger than ${CONFIG_BUNDLE_MAX_BYTES / 1024 / 1024} MiB`,
    },
  },
];
