import { Select } from '@cairn/ui';
import { useCurrentUser } from '../app/hooks.ts';
import type { FormExtrasProps } from '../entities/types.ts';
import { useFolderList } from './api.ts';

// The lander form's picker of hosted folders (Files): choosing one writes the lander's URL as the folder's
// address with the click id passed on, which the hosted page's {clickid} and {click_through_url} use.

/** The lander URL for a hosted folder's address. */
export function hostedLanderUrl(folderUrl: string): string {
  return `${folderUrl}?clickid={clickid}`;
}

export function HostedFolderPicker({ draft, replaceDraft }: FormExtrasProps) {
  const user = useCurrentUser();
  const isAdmin = user !== undefined && user.role !== 'user';
  const list = useFolderList(isAdmin);
  const folders = list.data?.folders ?? [];
  if (!isAdmin || folders.length === 0) return null;
  const url = typeof draft.url === 'string' ? draft.url : '';
  const current = folders.find((folder) => url.startsWith(folder.url))?.name ?? '';
  return (
    <Select<string>
      label="Hosted folder"
      description="A lander uploaded in Files: picking its folder fills in the URL."
      placeholder="Not hosted here"
      options={folders.map((folder) => ({ value: folder.name, label: folder.name }))}
      value={current}
      onValueChange={(name) => {
        const folder = folders.find((candidate) => candidate.name === name);
        if (folder) replaceDraft({ ...draft, url: hostedLanderUrl(folder.url) });
      }}
    />
  );
}
