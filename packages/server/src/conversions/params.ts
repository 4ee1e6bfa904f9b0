import {
  CUSTOM_EVENT_NAME_MAX,
  CUSTOM_EVENT_NAME_PATTERN,
  decimalToMicrosRounded,
  POSTBACK_PARAMS,
  POSTBACK_PAYOUT_MAX_MICROS,
  POSTBACK_STATUS_MAX,
  POSTBACK_STATUS_PATTERN,
  POSTBACK_TXID_MAX,
  POSTBACK_TXID_PATTERN,
  truncateText,
} from '@cairn/contract';
import { clickTimeOf } from '../events/clickId.ts';

// A postback arrives from anywhere on the internet, so every field is checked before it reaches the
// conversion logic: a malformed field refuses the whole postback (400) rather than being guessed at.
// Values longer than a field can be are refused, not cut, so a cut id never matches someone else's.

export interface PostbackInput {
  clickId: string;
  /** When the click was made: the id carries it. */
  clickTime: number;
  /** The payout the network reported, in micro-units of `currency` (or the offer's); null: none sent. */
  payoutMicros: number | null;
  /** The status text as sent (trimmed); null: none sent. */
  statusText: string | null;
  txid: string | null;
  /** Upper-case ISO code; null: none sent. */
  currency: string | null;
  /** Binom's `disable_postback=1`: record, but report nothing to the traffic source. */
  disablePostback: boolean;
  /** A custom event's name as sent (conversions/customEvents.ts in the contract); null: none sent. */
  eventText: string | null;
}

export type ParsedPostback =
  | { ok: true; input: PostbackInput }
  | { ok: false; message: string; clickId: string };

/** Reads one field of a query string or a parsed body; undefined when absent. */
export type FieldReader = (name: string) => unknown;

// A network that cannot fill one of its placeholders sends it as written ({payout}, #payout#, [SUM],
// %s, ${x}): that is "not sent", not a malformed value.
const UNFILLED = /^(?:\{[^{}]*\}|\[[^[\]]*\]|#[^#]*#|%[^%]*%|\$\{[^{}]*\}|%s)$/;
const FIELD_MAX = 512;

function first(read: FieldReader, names: readonly string[]): unknown {
  for (const name of names) {
    const value = read(name);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

type Field = { ok: true; value: string | null } | { ok: false; message: string };

function textField(read: FieldReader, names: readonly string[]): Field {
  const raw = first(read, names);
  if (raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
  if (typeof raw !== 'string') return { ok: false, message: `${names[0]} must be text` };
  if (raw.length > FIELD_MAX) return { ok: false, message: `${names[0]} is too long` };
  const value = raw.trim();
  return { ok: true, value: value === '' || UNFILLED.test(value) ? null : value };
}

export function parsePostback(read: FieldReader): ParsedPostback {
  const id = textField(read, POSTBACK_PARAMS.clickId);
  const clickId = id.ok ? (id.value ?? '') : '';
  const fail = (message: string): ParsedPostback => ({
    ok: false,
    message,
    clickId: truncateText(clickId, 64),
  });
  if (!id.ok) return fail(id.message);
  if (clickId === '') return fail('clickid is missing');
  const clickTime = clickTimeOf(clickId);
  if (clickTime === null) return fail('clickid is not a click id of this tracker');

  const payout = textField(read, POSTBACK_PARAMS.payout);
  if (!payout.ok) return fail(payout.message);
  let payoutMicros: number | null = null;
  if (payout.value !== null) {
    payoutMicros = decimalToMicrosRounded(payout.value);
    if (payoutMicros === null) return fail('payout must be a non-negative amount such as 12.50');
    if (payoutMicros > POSTBACK_PAYOUT_MAX_MICROS) return fail('payout is larger than any conversion pays');
  }

  const status = textField(read, POSTBACK_PARAMS.status);
  if (!status.ok) return fail(status.message);
  if (
    status.value !== null &&
    (status.value.length > POSTBACK_STATUS_MAX || !POSTBACK_STATUS_PATTERN.test(status.value))
  ) {
    return fail(`status must be at most ${POSTBACK_STATUS_MAX} letters, digits, _ or -`);
  }

  const txid = textField(read, POSTBACK_PARAMS.txid);
  if (!txid.ok) return fail(txid.message);
  if (
    txid.value !== null &&
    (txid.value.length > POSTBACK_TXID_MAX || !POSTBACK_TXID_PATTERN.test(txid.value))
  ) {
    return fail(`txid must be at most ${POSTBACK_TXID_MAX} letters, digits or . _ - : / + = @ | ~`);
  }

  const currency = textField(read, POSTBACK_PARAMS.currency);
  if (!currency.ok) return fail(currency.message);
  if (currency.value !== null && !/^[A-Za-z]{3}$/.test(currency.value)) {
    return fail('currency must be a 3-letter code such as EUR');
  }

  const event = textField(read, POSTBACK_PARAMS.event);
  if (!event.ok) return fail(event.message);
  if (
    event.value !== null &&
    (event.value.length > CUSTOM_EVENT_NAME_MAX || !CUSTOM_EVENT_NAME_PATTERN.test(event.value))
  ) {
    return fail(`event must be at most ${CUSTOM_EVENT_NAME_MAX} letters, digits, _, - or spaces`);
  }

  const disable = textField(read, POSTBACK_PARAMS.disablePostback);
  return {
    ok: true,
    input: {
      clickId,
      clickTime,
      payoutMicros,
      statusText: status.value,
      txid: txid.value,
      currency: currency.value === null ? null : currency.value.toUpperCase(),
      disablePostback: disable.ok && (disable.value === '1' || disable.value?.toLowerCase() === 'true'),
      eventText: event.value,
    },
  };
}

/** A reader over a query string. */
export function queryReader(query: URLSearchParams): FieldReader {
  return (name) => query.get(name) ?? undefined;
}

/** A reader over a parsed body (JSON object or form fields), falling back to the query string. */
export function bodyReader(body: unknown, query: URLSearchParams): FieldReader {
  if (body instanceof URLSearchParams) return (name) => body.get(name) ?? query.get(name) ?? undefined;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    return (name) => (Object.hasOwn(record, name) ? record[name] : (query.get(name) ?? undefined));
  }
  return queryReader(query);
}
