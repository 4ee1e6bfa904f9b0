import {
  CONVERSION_API_PATHS,
  CONVERSION_UPLOAD_MAX_LINES,
  type ConversionListResponse,
  type ConversionUploadResponse,
  CUSTOM_EVENT_PATHS,
  CUSTOM_EVENT_SLOTS,
  type CustomEventNamesResponse,
  conversionListQuerySchema,
  conversionRecordRequestSchema,
  conversionUploadRequestSchema,
  DELIVERY_DESTINATION_NAMES,
  deliveryRetryQuerySchema,
  MESSAGES,
  microsToDecimal,
  type PostbackKeysResponse,
  type PostbackLogResponse,
  type PostbackProcessingSettings,
  postbackLogQuerySchema,
  postbackProcessingSettingsSchema,
  type S2sDelivery,
  s2sRetryParamsSchema,
  truncateText,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { delivery, listConversions, OUTBOX_DESTINATION_SQL } from '../reports/logs/conversionLog.ts';
import { timestamp } from '../store/config/port.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import type { FieldReader } from './params.ts';
import { listPostbackLog } from './postbackLog.ts';
import { S2S_RETRY_FOR_MS } from './store.ts';

// The panel's side of conversions: the conversion log, the bulk upload and the postback-processing
// settings. Revenue fields of the log are stripped for hide-profit users by the api plugin's filter.

/** `clickid[:payout=1.5][:status=approved]...`; a value may itself hold `:` (a txid), so only `:name=` splits. */
export function parseUploadLine(line: string): { clickId: string; fields: Map<string, string> } {
  const [clickId = '', ...rest] = line.split(':');
  const fields = new Map<string, string>();
  let last: string | null = null;
  for (const part of rest) {
    const eq = part.indexOf('=');
    const name = eq > 0 ? part.slice(0, eq).trim().toLowerCase() : '';
    if (/^[a-z_]+$/.test(name)) {
      last = name;
      fields.set(name, part.slice(eq + 1).trim());
    } else if (last !== null) {
      fields.set(last, `${fields.get(last) ?? ''}:${part}`);
    }
  }
  return { clickId: clickId.trim(), fields };
}

export async function conversionsPlugin(
  api: FastifyInstance,
  { ctx, guard, reads }: FeatureOptions,
): Promise<void> {
  const conversions = ctx.tracking.conversions;

  api.get(CONVERSION_API_PATHS.list, async (request, reply): Promise<ConversionListResponse> => {
    const user = guard.requireUser(request);
    const query = parseInput(conversionListQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    try {
      return await listConversions(ctx.events, ctx.store, {
        query,
        campaignIds: await reads.readableIds(user, 'campaign'),
        now: ctx.config.now,
        showDeliveryDetail: user.role !== 'user',
        hideProfit: user.hideProfit,
      });
    } catch (error) {
      if (error instanceof RangeError) {
        throw validationError([{ message: error.message, detail: { field: 'cursor' } }]);
      }
      throw error;
    }
  });

  // Admins only: the log is not tied to campaigns (a refused postback names no click anyone may read),
  // and its queries carry the networks' parameters.
  api.get(CONVERSION_API_PATHS.postbacks, async (request, reply): Promise<PostbackLogResponse> => {
    guard.requireAdmin(request);
    const query = parseInput(postbackLogQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listPostbackLog(ctx.store, query, ctx.config.now());
  });

  // Retry: the destination's newest row is due now with another day of retries, and the worker is woken.
  // A delivered row or one held back on purpose (skipped) is not sent again; attempts so far stay counted.
  api.post(CONVERSION_API_PATHS.retryS2s, async (request): Promise<S2sDelivery> => {
    const user = guard.requireAdmin(request);
    const { clickId, seq } = parseInput(s2sRetryParamsSchema, request.params);
    const { destination } = parseInput(deliveryRetryQuerySchema, request.query);
    const what = destination === 's2s' ? 'S2S postback' : `${DELIVERY_DESTINATION_NAMES[destination]} event`;
    const [row] = await ctx.store.query(
      `SELECT o.id, o.state, o.attempts, o.last_status, o.last_error, o.next_attempt_at, o.delivered_at
         FROM s2s_outbox o
        WHERE o.click_id = $1 AND o.seq = $2 AND ${OUTBOX_DESTINATION_SQL} = $3
        ORDER BY o.id DESC LIMIT 1`,
      [clickId, seq, destination],
    );
    if (!row) throw new HttpError(404, { message: `${MESSAGES.notFound}: no ${what} for this conversion` });
    if (row.state === 'delivered' || row.state === 'skipped') {
      throw new HttpError(409, {
        message:
          row.state === 'delivered'
            ? `This ${what} was delivered already`
            : 'This S2S postback was held back on purpose (postback share or disable_postback)',
      });
    }
    const now = ctx.config.now();
    await ctx.store.execute(
      `UPDATE s2s_outbox SET state = 'pending', next_attempt_at = CAST($1 AS TIMESTAMPTZ),
              give_up_at = CAST($2 AS TIMESTAMPTZ)
        WHERE id = $3 AND state IN ('pending', 'failed')`,
      [timestamp(now), timestamp(now + S2S_RETRY_FOR_MS), Number(row.id)],
    );
    await recordAudit(ctx.store, now, {
      userId: user.id,
      action: 's2s_retried',
      details: { clickId, seq, destination, attempts: Number(row.attempts) },
    });
    conversions.outbox.poke();
    // As it stands now: the worker's attempt, woken above, may answer within milliseconds.
    return { ...delivery(row, true), state: 'pending', nextAttemptAt: new Date(now).toISOString() };
  });

  /** Each item as a postback (no key or address check: an admin sent it), answered a line each. */
  const record = async (
    request: FastifyRequest,
    items: readonly { line: number; clickId: string; read: FieldReader; raw: string }[],
  ): Promise<ConversionUploadResponse> => {
    const results = await Promise.all(
      items.map(async ({ line, clickId, read, raw }) => {
        const answer = await conversions.handle({
          via: 'upload',
          ip: request.ip,
          read,
          raw,
          checkIp: false,
          checkKey: false,
        });
        const outcome: ConversionUploadResponse['lines'][number]['outcome'] =
          answer.outcome === 'recorded' || answer.outcome === 'updated' || answer.outcome === 'ignored'
            ? answer.outcome
            : 'error';
        return { line, clickId: truncateText(clickId, 64), outcome, message: answer.message };
      }),
    );
    const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
    // The panel lists the conversion log as soon as this answers: the new events go into the event store
    // first instead of with the next flush, so the log holds what the report says was recorded. Should the
    // store refuse them, they stay journaled (the flusher retries) and the report still stands.
    if (count('recorded') + count('updated') > 0) {
      await conversions.storeJournaled().catch((error: unknown) => {
        request.log.warn({ err: error }, 'recorded conversions wait for the next flush');
      });
    }
    return {
      lines: results,
      recorded: count('recorded'),
      updated: count('updated'),
      ignored: count('ignored'),
      errors: count('error'),
    };
  };

  api.post(CONVERSION_API_PATHS.upload, async (request): Promise<ConversionUploadResponse> => {
    guard.requireAdmin(request);
    const { text } = parseInput(conversionUploadRequestSchema, request.body);
    const lines = text
      .split(/\r?\n/)
      .map((content, index) => ({ line: index + 1, content: content.trim() }))
      .filter(({ content }) => content !== '' && !content.startsWith('#'));
    if (lines.length > CONVERSION_UPLOAD_MAX_LINES) {
      throw validationError([
        { message: `At most ${CONVERSION_UPLOAD_MAX_LINES} lines at once`, detail: { field: 'text' } },
      ]);
    }
    return record(
      request,
      lines.map(({ line, content }) => {
        const { clickId, fields } = parseUploadLine(content);
        const read: FieldReader = (name) => (name === 'clickid' ? clickId : fields.get(name));
        return { line, clickId, read, raw: content };
      }),
    );
  });

  api.post(CONVERSION_API_PATHS.list, async (request): Promise<ConversionUploadResponse> => {
    guard.requireAdmin(request);
    const { conversions: items } = parseInput(conversionRecordRequestSchema, request.body);
    return record(
      request,
      items.map((item, index) => {
        const fields = new Map<string, string>([['clickid', item.clickId]]);
        if (item.status !== undefined) fields.set('status', item.status);
        if (item.payoutMicros !== undefined) fields.set('payout', microsToDecimal(item.payoutMicros));
        if (item.currency !== undefined) fields.set('currency', item.currency.toUpperCase());
        if (item.txid !== undefined) fields.set('txid', item.txid);
        if (item.disablePostback) fields.set('disable_postback', '1');
        const raw = [...fields].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
        return { line: index + 1, clickId: item.clickId, read: (name) => fields.get(name), raw };
      }),
    );
  });

  api.get(CONVERSION_API_PATHS.postbackSettings, async (request): Promise<PostbackProcessingSettings> => {
    guard.requireAdmin(request);
    return conversions.settings;
  });

  // Any signed-in user: report viewers title the event columns with these, and may not read the settings.
  api.get(CUSTOM_EVENT_PATHS.names, async (request): Promise<CustomEventNamesResponse> => {
    guard.requireUser(request);
    const { eventNames } = conversions.settings;
    return { names: Array.from({ length: CUSTOM_EVENT_SLOTS }, (_, index) => eventNames[index] ?? '') };
  });

  api.put(CONVERSION_API_PATHS.postbackSettings, async (request): Promise<PostbackProcessingSettings> => {
    guard.requireAdmin(request);
    const settings = parseInput(postbackProcessingSettingsSchema, request.body);
    await conversions.saveSettings(settings);
    await ctx.changes.emit(SETTINGS_CHANGE, 0);
    return settings;
  });

  // Rotating and retiring postback keys: the store is written, the change audited, and the settings change
  // announced, which reloads the keys on every node (this one included).
  const keyAction =
    (action: 'postback_key_rotated' | 'postback_keys_retired', change: () => Promise<void>) =>
    async (request: FastifyRequest): Promise<PostbackKeysResponse> => {
      const user = guard.requireAdmin(request);
      await change();
      await recordAudit(ctx.store, ctx.config.now(), {
        userId: user.id,
        action,
        details: { keysValid: conversions.keys.previousCount + 1 },
      });
      await ctx.changes.emit(SETTINGS_CHANGE, 0);
      return { currentKey: conversions.keys.current, previousKeys: conversions.keys.previousCount };
    };
  api.post(
    CONVERSION_API_PATHS.rotatePostbackKey,
    keyAction('postback_key_rotated', () => conversions.rotateKey()),
  );
  api.post(
    CONVERSION_API_PATHS.retirePostbackKeys,
    keyAction('postback_keys_retired', () => conversions.retireOldKeys()),
  );
}
