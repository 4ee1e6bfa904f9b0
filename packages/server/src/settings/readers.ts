import {
  DEFAULT_LP_PROTECT,
  DEFAULT_POSTBACK_PROCESSING,
  DEFAULT_URL_CUSTOMIZATION,
  type DefaultColumns,
  defaultColumnsSchema,
  type LpProtectSettings,
  lpProtectSettingsSchema,
  type PostbackProcessingSettings,
  postbackProcessingSettingsSchema,
  type UrlCustomization,
  urlCustomizationSchema,
} from '@cairn/contract';
import type { Sql } from '../store/config/port.ts';
import {
  SETTING_DEFAULT_COLUMNS,
  SETTING_LP_PROTECT,
  SETTING_POSTBACK_PROCESSING,
  SETTING_URL_CUSTOMIZATION,
} from './keys.ts';
import { readJsonSetting } from './store.ts';

// The settings stored as one JSON value, each read through the contract's schema with its default: a value a
// tool or an older release left unreadable reads as the default, so a feature never fails on its settings.
// The stats settings (three keys read one by one) are in stats.ts, auto-clearing's in retention.ts.

export async function readUrlCustomization(sql: Sql): Promise<UrlCustomization> {
  return (
    (await readJsonSetting(sql, SETTING_URL_CUSTOMIZATION, urlCustomizationSchema)) ??
    DEFAULT_URL_CUSTOMIZATION
  );
}

export async function readPostbackProcessing(sql: Sql): Promise<PostbackProcessingSettings> {
  return (
    (await readJsonSetting(sql, SETTING_POSTBACK_PROCESSING, postbackProcessingSettingsSchema)) ??
    DEFAULT_POSTBACK_PROCESSING
  );
}

export async function readDefaultColumns(sql: Sql): Promise<DefaultColumns> {
  return (await readJsonSetting(sql, SETTING_DEFAULT_COLUMNS, defaultColumnsSchema)) ?? { tables: {} };
}

export async function readLpProtect(sql: Sql): Promise<LpProtectSettings> {
  return (await readJsonSetting(sql, SETTING_LP_PROTECT, lpProtectSettingsSchema)) ?? DEFAULT_LP_PROTECT;
}
