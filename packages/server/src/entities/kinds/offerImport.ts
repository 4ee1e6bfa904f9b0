import {
  decimalToMicros,
  type ErrorItem,
  entityPath,
  type OfferImportResponse,
  offerImportRequestSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import type { UserWithSecrets } from '../../auth/users.ts';
import { type HttpError, parseInput } from '../../http.ts';
import type { EntityDefinition } from '../definition.ts';
import { messageValue } from '../messageText.ts';
import type { KindRouteEnv } from '../routeContext.ts';
import type { EntityService } from '../service.ts';
import { Params, scopeSql } from '../sqlParts.ts';

/** A line that cannot become an offer body; other errors are real failures and abort the import. */
class LineError extends Error {}

const YES = new Set(['yes', 'y', '1', 'true', 'auto']);
const NO = new Set(['no', 'n', '0', 'false', 'fixed', '']);

function flag(text: string, what: string): boolean {
  const value = text.toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  throw new LineError(`${what} "${messageValue(text)}" is not yes or no`);
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
      throw new LineError(
        `${this.noun} "${messageValue(text)}" is ambiguous: give its id (${found.join(', ')})`,
      );
    throw new LineError(`${this.noun} "${messageValue(text)}" not found`);
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
  if (payoutMicros === null) {
    throw new LineError(`Payout "${messageValue(payout)}" is not an amount such as 1.25`);
  }
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

/** A refused line's text: each error at its field; schema messages may quote the line, so they are escaped. */
function describe(error: HttpError): string {
  const { message, errors } = error.body as { message?: unknown; errors?: readonly ErrorItem[] };
  if (!errors || errors.length === 0) return messageValue(message ?? error.message);
  return errors
    .map((item) => {
      const field =
        typeof item.detail === 'object' && !Array.isArray(item.detail) ? item.detail.field : undefined;
      return field ? `${field}: ${messageValue(item.message)}` : messageValue(item.message);
    })
    .join('; ');
}

/**
 * Names and ids a line may use: the kind's unarchived items the caller may read, so one outside their
 * scope is "not found" exactly like one that does not exist.
 */
async function namesFor(
  service: EntityService,
  user: UserWithSecrets,
  definition: EntityDefinition | undefined,
  condition = 'TRUE',
): Promise<{ id: number; name: string }[]> {
  if (!definition) return [];
  const scope = await service.readScope(user, definition.kind);
  if (scope === false) return [];
  const params = new Params();
  return service.store.query<{ id: number; name: string }>(
    `SELECT t.id, t.name FROM ${definition.table} t WHERE NOT t.archived AND ${condition} AND ${scopeSql(scope, params)}`,
    params.values,
  );
}

export function registerOfferImport(app: FastifyInstance, { context, entities }: KindRouteEnv): void {
  const offers = entities.definition('offer');
  if (!offers) return;
  app.post(entityPath.offerImport, async (request): Promise<OfferImportResponse> => {
    const user = await context.authorized(request, 'offer', 'write');
    const { text } = parseInput(offerImportRequestSchema, request.body);
    const service = context.service;
    const groups = new NameIndex(
      'Offer group',
      await namesFor(service, user, entities.definition('group'), "t.kind = 'offer'"),
    );
    const networks = new NameIndex(
      'Affiliate network',
      await namesFor(service, user, entities.definition('affiliate_network')),
    );
    // Every line is read and validated before anything is written; the good ones are then created in one
    // transaction, and each line still gets its own outcome.
    const lines: { line: number; body?: Record<string, unknown>; error?: string }[] = [];
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
        lines.push({ line, body: offerFromLine(fields, groups, networks) });
      } catch (error) {
        if (!(error instanceof LineError)) throw error;
        lines.push({ line, error: error.message });
      }
    }
    const withBodies = lines.filter((entry) => entry.body !== undefined);
    const outcomes = await service.createMany(
      user,
      offers,
      withBodies.map((entry) => entry.body),
      await context.presentEnv(request),
    );
    const outcomeOf = new Map(withBodies.map((entry, n) => [entry.line, outcomes[n]]));
    const result: OfferImportResponse = { created: [], errors: [] };
    for (const { line, error } of lines) {
      const outcome = outcomeOf.get(line);
      if (outcome?.ok) {
        result.created.push({ line, id: Number(outcome.item.id), name: String(outcome.item.name) });
      } else {
        result.errors.push({ line, message: outcome ? describe(outcome.error) : String(error) });
      }
    }
    return result;
  });
}
