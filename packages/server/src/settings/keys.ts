// Every key of the config store's `settings` table, in one place: a key declared twice would let two
// features overwrite each other's value, and an operator reading the table looks here for what each is.

/** The installation's id, made at first start; licences and the update check name it. */
export const SETTING_TRACKER_ID = 'tracker_id';
/** The licence key installed through the API (CAIRN_LICENSE_KEY is the other candidate). */
export const SETTING_LICENSE_KEY = 'license_key';
/** A value sealed with the installation key, so a start with the wrong key stops instead of misreading secrets. */
export const SETTING_MASTER_KEY_CHECK = 'master_key_check';

// Read by the click engine; the stats and URL customization pages write them.
export const SETTING_URL_CUSTOMIZATION = 'tracking.url_customization';
export const SETTING_TIMEZONE = 'stats.timezone';
export const SETTING_BASE_CURRENCY = 'stats.base_currency';
export const SETTING_CURRENCY_RATES = 'stats.currency_rates';

/** Settings > LP protect (JSON): the default for new landers, key lifetime, the answer to unprotected visits. */
export const SETTING_LP_PROTECT = 'lp_protect.settings';

/** The default columns of the panel's lists and reports. */
export const SETTING_DEFAULT_COLUMNS = 'panel.default_columns';

/** Auto-clearing of old events: its settings, and the state of its last run. */
export const SETTING_RETENTION = 'retention.settings';
export const SETTING_RETENTION_STATUS = 'retention.status';

/** How postbacks are taken (duplicates, status changes, allowed addresses). */
export const SETTING_POSTBACK_PROCESSING = 'postback.processing';
/** The installation's postback keys, sealed with the installation key. */
export const SETTING_POSTBACK_KEYS = 'postback.keys';

/** The Click API's token: its SHA-256 and when it was made (JSON); absent or enabled false: the API is off. */
export const SETTING_CLICK_API_TOKEN = 'click_api.token';

/** The daily whole-installation backup (on, hour, keep), and the UTC day of its last run. */
export const SETTING_BACKUP_SCHEDULE = 'backup.schedule';
export const SETTING_BACKUP_LAST_DAY = 'backup.last_scheduled_day';

/** Settings > Beta: the switches of features still marked beta, one map (JSON) for the installation. */
export const SETTING_BETA_FEATURES = 'beta.features';

export const SETTING_KEYS = [
  SETTING_TRACKER_ID,
  SETTING_LICENSE_KEY,
  SETTING_MASTER_KEY_CHECK,
  SETTING_URL_CUSTOMIZATION,
  SETTING_TIMEZONE,
  SETTING_BASE_CURRENCY,
  SETTING_CURRENCY_RATES,
  SETTING_DEFAULT_COLUMNS,
  SETTING_LP_PROTECT,
  SETTING_RETENTION,
  SETTING_RETENTION_STATUS,
  SETTING_POSTBACK_PROCESSING,
  SETTING_POSTBACK_KEYS,
  SETTING_CLICK_API_TOKEN,
  SETTING_BACKUP_SCHEDULE,
  SETTING_BACKUP_LAST_DAY,
  SETTING_BETA_FEATURES,
] as const;
