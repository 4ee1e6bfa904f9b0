import { z } from 'zod';

// Custom events (registration, deposit, ...): a postback may name one in `event=`; the name is resolved to
// one of CUSTOM_EVENT_SLOTS numbered slots, which reports count as columns event1..event30 and the
// `{eventN}` macros give per click. The names are installation-wide (Settings > Postback processing); a
// network whose own words differ ("reg", "ftd") maps them to slots on the same settings page.
//
// As in Binom, a custom event is counted apart from conversions: a postback that resolves to a slot
// records the event only, leaving conversions, revenue and CR as they were. A name that resolves to no
// slot is not refused: as Keitaro does with an unknown status, the postback falls back to what it would
// be without the name, a plain conversion (and the server logs the unknown name).

export const CUSTOM_EVENT_SLOTS = 30;
/** The report metrics (and macros) of the slots, in slot order: event1 counts slot 1. */
export const CUSTOM_EVENT_METRICS = [
  'event1',
  'event2',
  'event3',
  'event4',
  'event5',
  'event6',
  'event7',
  'event8',
  'event9',
  'event10',
  'event11',
  'event12',
  'event13',
  'event14',
  'event15',
  'event16',
  'event17',
  'event18',
  'event19',
  'event20',
  'event21',
  'event22',
  'event23',
  'event24',
  'event25',
  'event26',
  'event27',
  'event28',
  'event29',
  'event30',
] as const;
export type CustomEventMetric = (typeof CUSTOM_EVENT_METRICS)[number];
export const isCustomEventMetric = (metric: string): metric is CustomEventMetric =>
  (CUSTOM_EVENT_METRICS as readonly string[]).includes(metric);
export const CUSTOM_EVENT_NAME_MAX = 50;
/** Event names: letters, digits, `_`, `-` and spaces, compared case-insensitively. */
export const CUSTOM_EVENT_NAME_PATTERN = /^[A-Za-z0-9_\- ]*$/;
export const NETWORK_EVENT_MAPPINGS_MAX = 300;

const eventNameSchema = z
  .string()
  .trim()
  .max(CUSTOM_EVENT_NAME_MAX, `An event name is at most ${CUSTOM_EVENT_NAME_MAX} characters`)
  .regex(CUSTOM_EVENT_NAME_PATTERN, 'An event name holds letters, digits, _, - and spaces');

/** Names of slots 1..30 in order; '' leaves a slot unnamed (reachable as `event=eventN` only). */
export const customEventNamesSchema = z
  .array(eventNameSchema)
  .max(CUSTOM_EVENT_SLOTS, `There are ${CUSTOM_EVENT_SLOTS} event slots`)
  .superRefine((names, context) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const key = name.toLowerCase();
      if (key === '') return;
      if (seen.has(key))
        context.addIssue({ code: 'custom', message: `Event name ${name} is used twice`, path: [index] });
      seen.add(key);
    });
  });

/** One network's word for an event, and the slot it counts in. */
export const networkEventMappingSchema = z.strictObject({
  affiliateNetworkId: z.number().int().positive('Choose the network'),
  networkEvent: eventNameSchema.min(1, 'The network event name is required'),
  slot: z
    .number()
    .int()
    .min(1, `A slot is 1 to ${CUSTOM_EVENT_SLOTS}`)
    .max(CUSTOM_EVENT_SLOTS, `A slot is 1 to ${CUSTOM_EVENT_SLOTS}`),
});
export type NetworkEventMapping = z.output<typeof networkEventMappingSchema>;

export const networkEventMappingsSchema = z
  .array(networkEventMappingSchema)
  .max(NETWORK_EVENT_MAPPINGS_MAX)
  .superRefine((mappings, context) => {
    const seen = new Set<string>();
    mappings.forEach((mapping, index) => {
      const key = `${mapping.affiliateNetworkId}:${mapping.networkEvent.toLowerCase()}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          message: `Network event ${mapping.networkEvent} is mapped twice for one network`,
          path: [index],
        });
      }
      seen.add(key);
    });
  });

export interface CustomEventSettings {
  eventNames: readonly string[];
  networkEvents: readonly NetworkEventMapping[];
}

const SLOT_WORD = /^event([1-9]\d?)$/i;

/**
 * The slot (1..30) a postback's `event` text counts in: the network's own mapping first, then the
 * installation's slot names, then the slot's own name `eventN`; null when none knows it.
 */
export function customEventSlot(
  text: string,
  affiliateNetworkId: number,
  settings: CustomEventSettings,
): number | null {
  const lower = text.trim().toLowerCase();
  if (lower === '') return null;
  const mapped = settings.networkEvents.find(
    (mapping) =>
      mapping.affiliateNetworkId === affiliateNetworkId && mapping.networkEvent.toLowerCase() === lower,
  );
  if (mapped) return mapped.slot;
  const named = settings.eventNames.findIndex((name) => name !== '' && name.toLowerCase() === lower);
  if (named >= 0) return named + 1;
  const slot = Number(SLOT_WORD.exec(lower)?.[1] ?? 0);
  return slot >= 1 && slot <= CUSTOM_EVENT_SLOTS ? slot : null;
}

/**
 * `GET /api/custom-events`: the slot names for whoever reads reports, to title the event columns. The
 * settings holding them are admin-only; the names alone give nothing away a report column does not.
 */
export const CUSTOM_EVENT_PATHS = { names: '/api/custom-events' } as const;

export const customEventNamesResponseSchema = z.object({
  /** One per slot, slot 1 first, always CUSTOM_EVENT_SLOTS of them; '' for an unnamed slot. */
  names: z.array(z.string()).length(CUSTOM_EVENT_SLOTS),
});
export type CustomEventNamesResponse = z.infer<typeof customEventNamesResponseSchema>;

/** The report column (and macro) of a slot: `event2`. */
export const customEventColumn = (slot: number): string => `event${slot}`;

/** What a slot's column is titled: its configured name, else `Event N`. */
export function customEventTitle(slot: number, eventNames: readonly string[]): string {
  const name = eventNames[slot - 1] ?? '';
  return name === '' ? `Event ${slot}` : name;
}
