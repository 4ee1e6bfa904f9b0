import {
  BOT_VALUES,
  CONNECTION_TYPES,
  CONTINENT_NAMES,
  CONTINENTS,
  CRITERION_NAMES,
  CRITERION_OPERATORS,
  CRITERION_TYPES,
  type CriterionOperator,
  type CriterionType,
  DAYS_OF_WEEK,
  DEVICE_TYPES,
  NETWORK_KINDS,
  UNIQUENESS_VALUES,
} from '@cairn/contract';
import { type ComboboxOption, countryOptions } from '@cairn/ui';
import { capitalize } from '../utils/text.ts';

// How the editor names criterion types and what it offers as their values. Types with a closed list in the
// contract offer exactly that list; the open ones (region, ISP, referrer ...) take typed values.

export const CRITERION_LABELS: Record<CriterionType, string> = CRITERION_NAMES;

export const CRITERION_TYPE_OPTIONS = CRITERION_TYPES.map((type) => ({
  value: type,
  label: CRITERION_LABELS[type],
}));

/** Hints for the typed values, where the format is not obvious. */
export const CRITERION_PLACEHOLDERS: Partial<Record<CriterionType, string>> = {
  region: 'Type a region, then press Enter',
  city: 'Type a city, then press Enter',
  os: 'e.g. Android, then press Enter',
  browser: 'e.g. Chrome, then press Enter',
  language: 'e.g. en or pt-BR, then press Enter',
  isp: 'Part of the ISP name, then press Enter',
  ip: 'e.g. 203.0.113.7 or 203.0.113.0/24, then press Enter',
  referrer: 'Part of the referrer, then press Enter',
  user_agent: 'Part of the user agent, then press Enter',
  token: 'A token value, then press Enter',
  brand: 'e.g. Samsung, then press Enter',
  model: 'e.g. SM-S918B, then press Enter',
  os_version: 'e.g. Android >= 10 or iOS < 17, then press Enter',
  browser_version: 'e.g. Chrome 120-126, then press Enter',
  referrer_domain: 'e.g. example.com (subdomains match too), then press Enter',
  param: 'A value, then press Enter',
  header: 'A value, then press Enter',
  time_of_day: 'e.g. 09:00-17:30 or 22:00-06:00, then press Enter',
};

export const OPERATOR_LABELS: Record<CriterionOperator, string> = {
  equals: 'equals',
  contains: 'contains',
  exists: 'exists',
  not_exists: 'does not exist',
};

export const OPERATOR_OPTIONS = CRITERION_OPERATORS.map((operator) => ({
  value: operator,
  label: OPERATOR_LABELS[operator],
}));

const NETWORK_KIND_LABELS: Record<(typeof NETWORK_KINDS)[number], string> = {
  hosting: 'Hosting or cloud network',
  other: 'Any other known network',
};

const DAY_NAMES: Record<(typeof DAYS_OF_WEEK)[number], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const UNIQUENESS_LABELS: Record<(typeof UNIQUENESS_VALUES)[number], string> = {
  unique: 'Unique',
  non_unique: 'Not unique',
};

function words(values: readonly string[]): ComboboxOption[] {
  return values.map((value) => {
    const text = value.replaceAll('_', ' ');
    return { value, label: capitalize(text) };
  });
}

// Built once: the closed lists do not change while the panel runs.
const closedOptions: Partial<Record<CriterionType, ComboboxOption[]>> = {
  country: countryOptions(),
  continent: CONTINENTS.map((code) => ({ value: code, label: CONTINENT_NAMES[code] })),
  network_kind: NETWORK_KINDS.map((kind) => ({ value: kind, label: NETWORK_KIND_LABELS[kind] })),
  device_type: words(DEVICE_TYPES),
  connection_type: words(CONNECTION_TYPES),
  day_of_week: DAYS_OF_WEEK.map((day) => ({ value: day, label: DAY_NAMES[day] })),
  hour: Array.from({ length: 24 }, (_, hour) => ({
    value: String(hour),
    label: `${String(hour).padStart(2, '0')}:00-${String(hour).padStart(2, '0')}:59`,
  })),
  unique: UNIQUENESS_VALUES.map((value) => ({ value, label: UNIQUENESS_LABELS[value] })),
  unique_path: UNIQUENESS_VALUES.map((value) => ({ value, label: UNIQUENESS_LABELS[value] })),
  bot: words(BOT_VALUES),
};

/** The choices for a criterion's values, and whether typed values outside them are allowed. */
export function criterionValueOptions(type: CriterionType): {
  options: ComboboxOption[];
  creatable: boolean;
} {
  const options = closedOptions[type];
  return options ? { options, creatable: false } : { options: [], creatable: true };
}
