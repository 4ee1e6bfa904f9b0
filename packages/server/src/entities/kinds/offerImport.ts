import {
  decimalToMicros,
  entityPath,
  type OfferImportResponse,
  offerImportRequestSchema,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http.ts';
import { describeRefusal, flag, LineError, NameIndex, namesFor } from '../lineImport.ts';
import { messageValue } from '../messageText.ts';
import type { KindRouteEnv } from '../routeContext.ts';

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
        result.errors.push({ line, message: outcome ? describeRefusal(outcome.error) : String(error) });
      }
    }
    return result;
  });
}
