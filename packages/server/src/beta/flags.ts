import { BETA_FEATURE_NAMES, type BetaFeature, type BetaSettings } from '@cairn/contract';
import { z } from 'zod';
import type { EntityChanges } from '../entities/changes.ts';
import { Rerun } from '../rerun.ts';
import { SETTING_BETA_FEATURES } from '../settings/keys.ts';
import { readJsonSetting } from '../settings/store.ts';
import type { Sql } from '../store/config/port.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';

// Settings > Beta: which features still marked beta this installation turned on. One setting holds the
// map; every node keeps it in memory and reads it again on the settings change signal (which a save on any
// node sends to all), so a flag costs a lookup, never a query, on the paths that ask.

// Read loosely: a feature that has left the beta list (or a hand edit) is dropped, not an unreadable setting.
const storedSchema = z.record(z.string(), z.boolean());

/** The stored switches of the features the server knows; one left out is off. */
export async function readBetaSettings(sql: Sql): Promise<BetaSettings> {
  const stored = (await readJsonSetting(sql, SETTING_BETA_FEATURES, storedSchema)) ?? {};
  const known: BetaSettings = {};
  for (const name of BETA_FEATURE_NAMES) if (stored[name] !== undefined) known[name] = stored[name];
  return known;
}

/** The installation's beta switches as this node last read them. */
export class BetaFlags {
  #settings: BetaSettings = {};
  readonly #reload: Rerun;

  constructor(store: Sql, changes: EntityChanges) {
    this.#reload = new Rerun(async () => {
      this.#settings = await readBetaSettings(store);
    });
    changes.onChange((kind) => (kind === SETTINGS_CHANGE ? this.#reload.request() : undefined));
  }

  /** Reads the switches now (at start, before the first request). */
  load(): Promise<void> {
    return this.#reload.request();
  }

  isEnabled(feature: BetaFeature): boolean {
    return this.#settings[feature] === true;
  }

  current(): BetaSettings {
    return { ...this.#settings };
  }
}

/** The one way server code asks whether a beta feature is on for this installation. */
export function isBetaEnabled(ctx: { beta: BetaFlags }, feature: BetaFeature): boolean {
  return ctx.beta.isEnabled(feature);
}
