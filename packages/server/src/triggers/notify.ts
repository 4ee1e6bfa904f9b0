import type { ReportMetric, TriggerFiring } from '@cairn/contract';
import type { OutboundGuard } from '../outbound/guard.ts';
import { type SmtpMessage, sendSmtp } from './smtp.ts';
import { openSecret, type StoredAction } from './store.ts';

// Notifications of a run that fired: one message per channel per run, listing every row that fired. The
// text is plain: names come from entities and token values anyone sending traffic can set, so they are
// flattened to one line without control characters, and each channel gets no markup to interpret
// (Telegram without parse_mode, Slack with mrkdwn off and its three control characters escaped).

const NOTIFY_TIMEOUT_MS = 10_000;
const NAME_MAX = 120;
const ROWS_LISTED = 50;

export interface Notice {
  trigger: { id: number; name: string };
  dryRun: boolean;
  at: string;
  firings: TriggerFiring[];
  conditions: string;
}

/** A name or value made safe to put in a one-line plain message. */
export function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return flat.length > NAME_MAX ? `${flat.slice(0, NAME_MAX - 1)}…` : flat;
}

const MONEY: readonly ReportMetric[] = ['revenue', 'cost', 'profit', 'epc', 'cpc'];
const PERCENT: readonly ReportMetric[] = ['roi', 'cr', 'lpCtr'];

export function formatMetric(metric: ReportMetric, value: number): string {
  if (MONEY.includes(metric)) return (value / 1_000_000).toFixed(2);
  if (PERCENT.includes(metric)) return `${value.toFixed(2)}%`;
  return String(value);
}

export function messageText(notice: Notice, metrics: readonly ReportMetric[]): string {
  const lines = [
    `Trigger "${plain(notice.trigger.name)}" fired${notice.dryRun ? ' (dry run)' : ''} at ${notice.at}`,
    `When: ${notice.conditions}`,
  ];
  for (const firing of notice.firings.slice(0, ROWS_LISTED)) {
    const numbers = metrics.map((metric) => `${metric} ${formatMetric(metric, firing.metrics[metric])}`);
    const source = firing.trafficSourceId === undefined ? '' : ` (source ${firing.trafficSourceId})`;
    lines.push(
      `- ${firing.dimension} ${plain(firing.name || String(firing.value))}${source}: ${numbers.join(', ')}`,
    );
  }
  if (notice.firings.length > ROWS_LISTED) lines.push(`… and ${notice.firings.length - ROWS_LISTED} more`);
  return lines.join('\n');
}

const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function post(outbound: OutboundGuard, url: string, body: unknown): Promise<void> {
  const answer = await outbound.request(url, {
    method: 'POST',
    timeoutMs: NOTIFY_TIMEOUT_MS,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    maxBodyBytes: 64 * 1024,
  });
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`answered ${answer.status}${answer.body ? `: ${plain(answer.body).slice(0, 200)}` : ''}`);
  }
}

export interface NotifyDeps {
  outbound: OutboundGuard;
  key: Buffer;
  /** The SMTP client's options beyond the action's (tests trust their own certificate authority). */
  smtp?: { ca?: string };
}

/** Sends one channel's notification; throws with a message fit to show when the channel fails. */
export async function notify(
  deps: NotifyDeps,
  action: StoredAction,
  notice: Notice,
  metrics: readonly ReportMetric[],
): Promise<void> {
  const text = messageText(notice, metrics);
  switch (action.type) {
    case 'webhook':
      return post(deps.outbound, openSecret(deps.key, action), {
        trigger: notice.trigger,
        dryRun: notice.dryRun,
        at: notice.at,
        conditions: notice.conditions,
        firings: notice.firings,
        text,
      });
    case 'slack':
      return post(deps.outbound, openSecret(deps.key, action), { text: escapeSlack(text), mrkdwn: false });
    case 'telegram': {
      const base = action.apiBase.replace(/\/+$/, '');
      const token = openSecret(deps.key, action);
      return post(deps.outbound, `${base}/bot${token}/sendMessage`, { chat_id: action.chatId, text }).catch(
        (error: unknown) => {
          // The bot token is in the URL: keep it out of what the panel shows.
          throw new Error(String((error as Error).message ?? error).replaceAll(token, '…'));
        },
      );
    }
    case 'email': {
      const message: SmtpMessage = {
        from: action.from,
        to: action.to,
        subject: `Cairn trigger: ${plain(notice.trigger.name)}`,
        text,
      };
      return sendSmtp(
        deps.outbound,
        {
          host: action.host,
          port: action.port,
          tls: action.tls,
          user: action.user,
          password: openSecret(deps.key, action),
          ...(deps.smtp?.ca ? { ca: deps.smtp.ca } : {}),
        },
        message,
      );
    }
    default:
      return;
  }
}
