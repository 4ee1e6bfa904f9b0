import type { LanderFolderList } from '@cairn/contract';
import { Button, EmptyState, PageHeader, Skeleton } from '@cairn/ui';
import { useState } from 'react';
import { useCurrentUser } from '../app/hooks.ts';
import type { PageProps } from '../pages/pageProps.ts';
import { useFileActions, useFolderList } from './api.ts';
import { FolderView } from './FolderView.tsx';
import * as styles from './files.css.ts';
import { formatBytes } from './format.ts';
import { NameDialog } from './NameDialog.tsx';

// `/files`: folders of hosted lander files (admins). The folders on the left, the chosen one's files on
// the right with its upload zone, the editor and the folder's actions. Served at /lp/<folder>/ on every
// tracking domain.

export default function FilesPage({ title }: PageProps) {
  const user = useCurrentUser();
  const isAdmin = user !== undefined && user.role !== 'user';
  const list = useFolderList(isAdmin);
  return (
    <>
      <PageHeader
        title={title ?? 'Files'}
        description="Landers hosted by this tracker: every tracking domain serves a folder at /lp/<folder>/."
      />
      {!isAdmin ? (
        <EmptyState title="Admins only" description="Ask an admin to upload or change hosted landers." />
      ) : list.isPending ? (
        <Skeleton height={240} />
      ) : list.isError ? (
        <EmptyState tone="danger" title="The folders could not be loaded" description={list.error.message} />
      ) : (
        <Folders list={list.data} />
      )}
    </>
  );
}

function Folders({ list }: { list: LanderFolderList }) {
  const actions = useFileActions();
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const selected = list.folders.find((folder) => folder.name === chosen) ?? list.folders[0] ?? null;

  return (
    <div className={styles.layout}>
      <nav aria-label="Folders" className={styles.stack}>
        <Button type="button" onClick={() => setCreating(true)}>
          New folder
        </Button>
        {list.folders.length === 0 ? (
          <p className={styles.muted}>No folders yet.</p>
        ) : (
          <ul className={styles.folderList}>
            {list.folders.map((folder) => (
              <li key={folder.name}>
                <button
                  type="button"
                  className={styles.folderButton}
                  aria-current={folder.name === selected?.name}
                  onClick={() => setChosen(folder.name)}
                >
                  <span>{folder.name}</span>
                  <span>{formatBytes(folder.bytes)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.muted}>
          {formatBytes(list.usedBytes)} of {formatBytes(list.quotaBytes)} used; at most{' '}
          {formatBytes(list.fileMaxBytes)} a file.
        </p>
      </nav>
      {selected ? (
        <FolderView
          key={selected.name}
          folder={selected}
          uploadMaxBytes={list.uploadMaxBytes}
          onRenamed={setChosen}
          onDeleted={() => setChosen(null)}
        />
      ) : (
        <EmptyState
          title="No folders yet"
          description="Create a folder, then upload a lander's files or its zip into it."
        />
      )}
      <NameDialog
        open={creating}
        title="New folder"
        label="Folder name"
        description="Letters, digits, dot, dash and underscore; it becomes part of the lander's address."
        initial=""
        submitLabel="Create"
        onClose={() => setCreating(false)}
        onSubmit={async (name) => {
          const result = await actions.createFolder(name);
          if (result.status !== 'ok') return result.message;
          setChosen(name);
          return undefined;
        }}
      />
    </div>
  );
}
