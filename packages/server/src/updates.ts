import fs from 'node:fs/promises';
import { releaseFeedSchema, type UpdatesCheckResponse } from '@cairn/contract';
import { HttpError } from './http.ts';

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

async function readFeed(feed: string): Promise<string> {
  if (/^https?:\/\//i.test(feed)) {
    let response: Response;
    try {
      response = await fetch(feed, {
        signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new HttpError(503, {
        message: `The update feed ${feed} is unreachable: ${(error as Error).message}`,
      });
    }
    if (!response.ok) {
      throw new HttpError(502, { message: `The update feed ${feed} answered HTTP ${response.status}` });
    }
    return response.text();
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
): Promise<UpdatesCheckResponse> {
  if (!feed) {
    return {
      is_available_updates: false,
      current_version: currentVersion,
      latest_version: currentVersion,
      notes: '',
    };
  }
  const text = await readFeed(feed);
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
