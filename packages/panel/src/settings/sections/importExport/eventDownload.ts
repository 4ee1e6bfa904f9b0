import { EVENT_EXPORT_PATHS, type EventExportParams } from '@cairn/contract';
import { type CallProblem, problemOf } from '../../../entities/api.ts';
import type { ApiClient } from '../../../http/client.ts';

// Raw events out: the server writes the file with the event store's own writer and streams it with its
// length; this reads the stream a chunk at a time, so the page can show the bytes received (and the
// share of the whole when the length is known), and hands the file to the browser once complete.

export interface DownloadProgress {
  received: number;
  /** The file's length, when the server said it. */
  total: number | null;
}

export type DownloadOutcome =
  | { status: 'done'; file: Blob; name: string }
  | { status: 'cancelled' }
  | { status: 'failed'; problem: CallProblem };

function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export async function downloadEvents(
  client: ApiClient,
  params: EventExportParams,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<DownloadOutcome> {
  const searchParams = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  try {
    const answer = await client.stream(EVENT_EXPORT_PATHS.events, searchParams, signal);
    if (answer.status === 'cancelled') return { status: 'cancelled' };
    if (answer.status !== 'ok') return { status: 'failed', problem: problemOf(answer) };
    const response = answer.data;
    if (!response.body)
      return { status: 'failed', problem: problemOf({ message: 'The download arrived empty' }) };
    const length = Number(response.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? length : null;
    const parts: Uint8Array[] = [];
    let received = 0;
    onProgress({ received, total });
    const reader = response.body.getReader();
    // A cancel stops the read that waits, whatever fetch does with the signal once the answer began.
    const stop = () => void reader.cancel().catch(() => {});
    signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) break;
        parts.push(value);
        received += value.byteLength;
        onProgress({ received, total });
      }
    } finally {
      signal.removeEventListener('abort', stop);
    }
    if (signal.aborted) return { status: 'cancelled' };
    const name = fileNameOf(response, `cairn-events.${params.format ?? 'parquet'}`);
    return { status: 'done', file: new Blob(parts as BlobPart[]), name };
  } catch (error) {
    if (isAbort(error) || signal.aborted) return { status: 'cancelled' };
    return { status: 'failed', problem: { message: (error as Error).message, errors: [] } };
  }
}

/** "3.4 MB", "512 KB", "900 bytes". */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
