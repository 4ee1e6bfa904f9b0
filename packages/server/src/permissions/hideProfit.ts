import { isProfitField } from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A copy of the value without profit, revenue, ROI, EPC and leads fields, at any depth. */
export function withoutProfitFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutProfitFields);
  if (value === null || typeof value !== 'object' || value.constructor !== Object) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!isProfitField(key)) kept[key] = withoutProfitFields(field);
  }
  return kept;
}

/**
 * The one place profit is hidden: every JSON answer to a hide-profit user passes through this filter, so
 * no route (lists, reports, stats added later) can forget it.
 */
export function installHideProfitFilter(
  app: FastifyInstance,
  hidesProfit: (request: FastifyRequest) => boolean,
): void {
  app.addHook('preSerialization', async (request, _reply, payload) =>
    hidesProfit(request) ? withoutProfitFields(payload) : payload,
  );
}
