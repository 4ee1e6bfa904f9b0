import {
  decimalToMicros,
  type ErrorItem,
  entityPath,
  type OfferImportResponse,
  offerImportRequestSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseInput } from '../../http.ts';
import type { KindRouteEnv } from '../routeContext.ts';

/** A line that cannot become an offer body; other errors are real failures and abort the import. */
class LineError extends Error {}

const YES = new Set(['yes', 'y', '1', 'true', 'auto']);
const NO = new Set(['no', 'n', '0', 'false', 'fixed', '']);

function flag(text: string, what: string): boolean {
  const value = text.toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  throw new LineError(`${what} "${text}" is not yes or no`);
}

/** Name -> id lookups (case-insensitive); a bare number is taken as an id. */
class NameIndex {
  private readonly byName = new Map<string, number[]>();
  private readonly ids = new Set<number>();
  private readonly noun: string;

  constructor(noun: string, rows: { id: number; name: string }[]) {
    this.noun = noun;
    for (const row of rows) {
      const key = row.name.trim().toLowerCase();
      this.byName.set(key, [...(this.byName.get(key) ?? []), Number(row.id)]);
      this.ids.add(Number(row.id));
    }
  }

  resolve(text: string): number | null {
    if (text === '') return null;
    if (/^\d+$/.test(text) && this.ids.has(Number(text))) return Number(text);
    const found = this.byName.get(text.toLowerCase()) ?? [];
    if (found.length === 1) return found[0] ?? null;
    if (found.length > 1)
      throw new LineError(`${this.noun} "${text}" is ambiguous: give its id (${found.join(', ')})`);
    throw new LineError(`${this.noun} "${text}" not found`);
  }
}

/** One line of `Name;URL;Auto;[Payout;Currency;Upsell];[Country];[Group];[Network]` as an offer body. */
function offerFromLine(fields: string[], groups: NameIndex, networks: NameIndex): Record<string, unknown> {
  const [
    name = '',
    url = '',
    auto = '',
    payout = '',
    currency = '',
    upsell = '',
    country = '',
    group = '',
    network = '',
  ] = fields;
  if (fields.length < 3) throw new LineError('Expected at least Name;URL;Auto');
  if (fields.length > 9) throw new LineError(`Expected at most 9 fields, found ${fields.length}`);
  const payoutAuto = flag(auto, 'Auto');
  const payoutMicros = payout === '' ? 0 : decimalToMicros(payout);
  if (payoutMicros === null) throw new LineError(`Payout "${payout}" is not an amount such as 1.25`);
  if (!payoutAuto && payout === '') throw new LineError('Payout is required when Auto is no');
  return {
    name,
    url,
    payoutAuto,
    payoutMicros,
    ...(currency === '' ? {} : { currency }),
    upsell: flag(upsell, 'Upsell'),
    countryCode: country === '' ? null : country,
    groupId: groups.resolve(group),
    affiliateNetworkId: networks.resolve(network),
  };
}

function describe(errors: readonly ErrorItem[] | undefined, fallback: string): string {
  if (!errors || errors.length === 0) return fallback;
  return errors
    .map((error) => {
      const field =
        typeof error.detail === 'object' && !Array.isArray(error.detail) ? error.detail.field : undefined;
      return field ? `${field}: ${error.message}` : error.message;
    })
    .join('; ');
}

export function registerOfferImport(app: FastifyInstance, { context, entities }: KindRouteEnv): void {
  const offers = entities.definition('offer');
  if (!offers) return;
  app.post(entityPath.offerImport, async (request): Promise<OfferImportResponse> => {
    const user = await context.authorized(request, 'offer', 'write');
    const { text } = parseInput(offerImportRequestSchema, request.body);
    const store = context.service.store;
    const groups = new NameIndex(
      'Offer group',
      await store.query<{ id: number; name: string }>(
        "SELECT id, name FROM entity_groups WHERE kind = 'offer' AND NOT archived",
      ),
    );
    const networks = new NameIndex(
      'Affiliate network',
      await store.query<{ id: number; name: string }>(
        'SELECT id, name FROM affiliate_networks WHERE NOT archived',
      ),
    );
    const env = await context.presentEnv(request);
    const result: OfferImportResponse = { created: [], errors: [] };
    let seenContent = false;
    for (const [index, raw] of text.split(/\r?\n/).entries()) {
      const line = index + 1;
      const trimmed = raw.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      const fields = trimmed.split(';').map((field) => field.trim());
      const isHeader = !seenContent && fields[1]?.toLowerCase() === 'url';
      seenContent = true;
      if (isHeader) continue;
      try {
        const body = offerFromLine(fields, groups, networks);
        // Each line is its own transaction: good lines stay created whatever the others do.
        const created = await context.service.create(user, offers, body, env);
        result.created.push({ line, id: Number(created.id), name: String(created.name) });
      } catch (error) {
        if (error instanceof HttpError) {
          const body = error.body as { message?: string; errors?: ErrorItem[] };
          if (error.status !== 400 && error.status !== 409) throw error;
          result.errors.push({ line, message: describe(body.errors, String(body.message)) });
        } else if (error instanceof LineError) {
          result.errors.push({ line, message: error.message });
        } else {
          throw error;
        }
      }
    }
    return result;
  });
}
