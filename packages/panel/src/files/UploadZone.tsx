import type { LanderUploadResult } from '@cairn/contract';
import { Badge, Button, DataTable, type DataTableColumn } from '@cairn/ui';
import { type DragEvent, useRef, useState } from 'react';
import { useFileActions } from './api.ts';
import * as styles from './files.css.ts';
import { formatBytes } from './format.ts';

// Uploads into a folder: chosen with the button or dropped on the zone, sent one file at a time (a zip is
// unpacked by the server), with the bar showing the bytes of the whole batch sent so far and each file's
// or zip entry's result listed once it is in.

/** A result and its place in the batch (two zips may both hold an index.html). */
type Result = LanderUploadResult['results'][number] & { key?: number };

const resultColumns: DataTableColumn<Result>[] = [
  { id: 'name', header: 'File', accessor: (row) => row.name, width: 260 },
  {
    id: 'outcome',
    header: 'Result',
    accessor: (row) => (row.outcome === 'saved' ? 'Saved' : 'Refused'),
    cell: (row) =>
      row.outcome === 'saved' ? <Badge tone="success">Saved</Badge> : <Badge tone="danger">Refused</Badge>,
    width: 110,
  },
  { id: 'size', header: 'Size', accessor: (row) => formatBytes(row.size), width: 100 },
  {
    id: 'message',
    header: 'Reason',
    accessor: (row) => (row.outcome === 'saved' ? null : row.message),
    width: 300,
  },
];

interface Progress {
  sent: number;
  total: number;
  current: string;
}

export function UploadZone({ folder, uploadMaxBytes }: { folder: string; uploadMaxBytes: number }) {
  const actions = useFileActions();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [results, setResults] = useState<Result[]>([]);

  const send = async (files: File[]) => {
    if (files.length === 0 || progress) return;
    const total = files.reduce((sum, file) => sum + file.size, 0);
    const collected: Result[] = [];
    let done = 0;
    setResults([]);
    for (const file of files) {
      setProgress({ sent: done, total, current: file.name });
      if (file.size > uploadMaxBytes) {
        collected.push({
          name: file.name,
          outcome: 'refused',
          path: null,
          size: file.size,
          message: `Larger than the ${formatBytes(uploadMaxBytes)} an upload may be`,
        });
      } else {
        const result = await actions.upload(folder, file, ({ loaded }) =>
          setProgress({ sent: done + loaded, total, current: file.name }),
        );
        if (result.status === 'ok') collected.push(...result.data.results);
        else
          collected.push({
            name: file.name,
            outcome: 'refused',
            path: null,
            size: file.size,
            message: result.message,
          });
      }
      done += file.size;
      setResults(collected.map((result, key) => ({ ...result, key })));
    }
    setProgress(null);
    await actions.refresh();
  };

  const dropped = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void send([...event.dataTransfer.files]);
  };
  const saved = results.filter((result) => result.outcome === 'saved').length;

  return (
    <div className={styles.stack}>
      <section
        aria-label={`Upload into ${folder}`}
        className={styles.dropZone}
        data-over={over}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={dropped}
      >
        <p className={styles.muted}>
          Drop files or a zip here, or choose them. A zip is unpacked into the folder; at most{' '}
          {formatBytes(uploadMaxBytes)} an upload.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            void send(chosen);
          }}
        />
        <Button
          type="button"
          variant="outline"
          tone="neutral"
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          Upload files…
        </Button>
      </section>
      {progress && (
        <div className={styles.stack}>
          <progress
            className={styles.progress}
            aria-label={`Uploading ${progress.current}`}
            max={Math.max(progress.total, 1)}
            value={progress.sent}
          />
          <p className={styles.muted}>
            Uploading {progress.current}: {formatBytes(progress.sent)} of {formatBytes(progress.total)}
          </p>
        </div>
      )}
      <p role="status" className={styles.muted}>
        {results.length > 0 && !progress ? `${saved} saved, ${results.length - saved} refused.` : ''}
      </p>
      {results.length > 0 && (
        <DataTable<Result>
          label="Upload results"
          data={results}
          columns={resultColumns}
          getRowId={(row) => String(row.key)}
          appearance={{ height: { upTo: 300 } }}
        />
      )}
    </div>
  );
}
