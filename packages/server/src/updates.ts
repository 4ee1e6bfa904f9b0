import fs from 'node:fs/promises';
import { releaseFeedSchema, type UpdatesCheckResponse } from '@cairn/contract';
import { HttpError } from './http.ts';
import type { OutboundGuard } from './outbound/guard.ts';

function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

const FEED_TIMEOUT_MS = 5000;
/** A release feed is a short list; a larger answer is not one. */
const FEED_MAX_BYTES = 1024 * 1024;

async function readFeed(feed: string, outbound: OutboundGuard): Promise<string> {
  if (/^https?:\/\//i.test(feed)) {
    let answer: Awaited<ReturnType<OutboundGuard['get']>>;
    try {
      answer = await outbound.get(feed, {
        timeoutMs: FEED_TIMEOUT_MS,
        headers: { accept: 'application/json' },
        maxBodyBytes: FEED_MAX_BYTES,
      });
    } catch (error) {
      throw new HttpError(503, {
        message: `The update feed ${feed} is unreachable: ${(error as Error).message}`,
      });
    }
    if (answer.status < 200 || answer.status > 299) {
      throw new HttpError(502, { message: `The update feed ${feed} answered HTTP ${answer.status}` });
    }
    return answer.body;
  }
  const file = feed.startsWith('file://') ? new URL(feed) : feed;
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new HttpError(503, {
      message: `The update feed ${feed} cannot be read: ${(error as Error).message}`,
    });
  }
}

export async function checkForUpdates(
  feed: string | null,
  currentVersion: string,
  outbound: OutboundGuard,
): Promise<UpdatesCheckResponse> {
  if (!feed) {
    return {
      is_available_updates: false,
      current_version: currentVersion,
      latest_version: currentVersion,
      notes: '',
    };
  }
  const text = await readFeed(feed, outbound);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HttpError(502, { message: `The update feed ${feed} is not valid JSON` });
  }
  const parsed = releaseFeedSchema.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new HttpError(502, { message: `The update feed ${feed} is malformed: ${reason}` });
  }
  const newer = parsed.data.releases
    .filter((release) => compareVersions(release.version, currentVersion) > 0)
    .sort((a, b) => compareVersions(b.version, a.version));
  const latest = newer[0]?.version ?? currentVersion;
  return {
    is_available_updates: newer.length > 0,
    current_version: currentVersion,
    latest_version: latest,
    notes: newer
      .map((release) =>
        `${release.version}${release.date ? ` (${release.date})` : ''}\n${release.notes}`.trim(),
      )
      .join('\n\n'),
  };
}
