import { isEditable, type LanderFile, type LanderFolder } from '@cairn/contract';
import { Button, ConfirmDialog, CopyField, DataTable, type DataTableColumn, Skeleton } from '@cairn/ui';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../utils/format.ts';
import { useFileActions, useFolderContents, zipUrl } from './api.ts';
import * as styles from './files.css.ts';
import { formatBytes } from './format.ts';
import { NameDialog } from './NameDialog.tsx';
import { type EditTarget, TextEditorDialog } from './TextEditorDialog.tsx';
import { UploadZone } from './UploadZone.tsx';

// One folder: its address, its actions (rename, download as zip, delete), the upload zone and its files,
// each with edit (text files), rename or move, and delete.

type Asking =
  | { what: 'rename-folder' }
  | { what: 'delete-folder' }
  | { what: 'rename-file'; file: LanderFile }
  | { what: 'delete-file'; file: LanderFile }
  | null;

export interface FolderViewProps {
  folder: LanderFolder;
  uploadMaxBytes: number;
  onRenamed: (name: string) => void;
  onDeleted: () => void;
}

export function FolderView({ folder, uploadMaxBytes, onRenamed, onDeleted }: FolderViewProps) {
  const actions = useFileActions();
  const contents = useFolderContents(folder.name);
  const [asking, setAsking] = useState<Asking>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const inUse = folder.usedBy.length > 0;
  const usedText = folder.usedBy.map((lander) => lander.name).join(', ');

  const columns = useMemo<DataTableColumn<LanderFile>[]>(
    () => [
      { id: 'path', header: 'Name', accessor: (row) => row.path, width: 280 },
      { id: 'size', header: 'Size', accessor: (row) => formatBytes(row.size), width: 100 },
      { id: 'type', header: 'Type', accessor: (row) => row.contentType.split(';')[0] ?? '', width: 180 },
      { id: 'modified', header: 'Modified', accessor: (row) => formatDateTime(row.modifiedAt), width: 180 },
      {
        id: 'actions',
        header: 'Actions',
        accessor: () => null,
        width: 240,
        cell: (row) => (
          <span className={styles.row}>
            {isEditable(row.path) && (
              <Button
                size="sm"
                variant="ghost"
                tone="neutral"
                onClick={() => setEditing({ folder: folder.name, path: row.path })}
              >
                Edit
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              tone="neutral"
              onClick={() => setAsking({ what: 'rename-file', file: row })}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="ghost"
              tone="danger"
              onClick={() => setAsking({ what: 'delete-file', file: row })}
            >
              Delete
            </Button>
          </span>
        ),
      },
    ],
    [folder.name],
  );
  const files = contents.data?.files ?? [];

  return (
    <section aria-label={`Folder ${folder.name}`} className={styles.stack}>
      <div className={styles.row}>
        <h2>{folder.name}</h2>
        <Button
          size="sm"
          variant="outline"
          tone="neutral"
          onClick={() => setAsking({ what: 'rename-folder' })}
          disabled={inUse}
        >
          Rename
        </Button>
        <Button size="sm" variant="outline" tone="neutral" asChild>
          <a href={zipUrl(folder.name)} download={`${folder.name}.zip`}>
            Download zip
          </a>
        </Button>
        <Button
          size="sm"
          variant="outline"
          tone="danger"
          onClick={() => setAsking({ what: 'delete-folder' })}
          disabled={inUse}
        >
          Delete
        </Button>
      </div>
      <CopyField
        label="Address"
        description="Pick this folder on a lander's form to use it."
        value={folder.url}
      />
      {inUse && (
        <p className={styles.muted}>
          Used by {usedText}: it cannot be renamed or deleted while a lander uses it.
        </p>
      )}
      <UploadZone folder={folder.name} uploadMaxBytes={uploadMaxBytes} />
      {contents.isPending ? (
        <Skeleton height={160} />
      ) : files.length === 0 ? (
        <p className={styles.muted}>No files in this folder yet.</p>
      ) : (
        <DataTable<LanderFile>
          label={`Files in ${folder.name}`}
          data={files}
          columns={columns}
          getRowId={(row) => row.path}
          appearance={{ height: { upTo: 520 } }}
        />
      )}
      <TextEditorDialog target={editing} onClose={() => setEditing(null)} />
      <NameDialog
        open={asking?.what === 'rename-folder'}
        title="Rename folder"
        label="Folder name"
        initial={folder.name}
        submitLabel="Rename"
        onClose={() => setAsking(null)}
        onSubmit={async (name) => {
          const result = await actions.renameFolder(folder.name, name);
          if (result.status !== 'ok') return result.message;
          onRenamed(name);
          return undefined;
        }}
      />
      <NameDialog
        open={asking?.what === 'rename-file'}
        title="Rename or move file"
        label="Path in the folder"
        description="Use / to move it into a sub-folder, e.g. old/index.html."
        initial={asking?.what === 'rename-file' ? asking.file.path : ''}
        submitLabel="Rename"
        onClose={() => setAsking(null)}
        onSubmit={async (name) => {
          if (asking?.what !== 'rename-file') return undefined;
          const result = await actions.moveFile(folder.name, asking.file.path, name);
          return result.status === 'ok' ? undefined : result.message;
        }}
      />
      <ConfirmDialog
        open={asking?.what === 'delete-folder'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Delete folder ${folder.name}?`}
        description={`Its ${folder.files} ${folder.files === 1 ? 'file is' : 'files are'} deleted with it; pages linking to it stop working.`}
        confirmLabel="Delete folder"
        tone="danger"
        onConfirm={async () => {
          const result = await actions.deleteFolder(folder.name);
          if (result.status !== 'ok') throw new Error(result.message);
          setAsking(null);
          onDeleted();
        }}
        renderError={(error) => (error instanceof Error ? error.message : String(error))}
      />
      <ConfirmDialog
        open={asking?.what === 'delete-file'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Delete ${asking?.what === 'delete-file' ? asking.file.path : ''}?`}
        confirmLabel="Delete file"
        tone="danger"
        onConfirm={async () => {
          if (asking?.what !== 'delete-file') return;
          const result = await actions.deleteFile(folder.name, asking.file.path);
          if (result.status !== 'ok') throw new Error(result.message);
          setAsking(null);
        }}
        renderError={(error) => (error instanceof Error ? error.message : String(error))}
      />
    </section>
  );
}
