import {
  LANDER_FILES_PATHS,
  type LanderFolder,
  type LanderFolderContents,
  type LanderFolderList,
  type LanderTextFileResponse,
  type LanderUploadResult,
  landerFilesPath,
  landerFolderContentsSchema,
  landerFolderListSchema,
  landerFolderSchema,
  landerTextFileResponseSchema,
  landerUploadResultSchema,
} from '@cairn/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services.ts';
import type { CallResult } from '../http/client.ts';
import type { UploadProgressListener } from '../http/xhrFetch.ts';

// The calls of the Files page (hosted landers, admins only): one query for the folder list and one per
// open folder; every change refreshes both.

export const filesQueryRoot = ['lander-files'] as const;

export function useFolderList(enabled = true) {
  const { client } = useServices();
  return useQuery({
    queryKey: [...filesQueryRoot, 'folders'],
    enabled,
    queryFn: async ({ signal }): Promise<LanderFolderList> => {
      const result = await client.get(LANDER_FILES_PATHS.folders, { schema: landerFolderListSchema, signal });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
}

export function useFolderContents(folder: string | null) {
  const { client } = useServices();
  return useQuery({
    queryKey: [...filesQueryRoot, 'folder', folder],
    enabled: folder !== null,
    queryFn: async ({ signal }): Promise<LanderFolderContents> => {
      const result = await client.get(landerFilesPath(LANDER_FILES_PATHS.folder, folder ?? ''), {
        schema: landerFolderContentsSchema,
        signal,
      });
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data;
    },
  });
}

/** The folder's files as a zip, downloaded by the browser itself (the session cookie goes with it). */
export function zipUrl(folder: string): string {
  return landerFilesPath(LANDER_FILES_PATHS.zip, folder);
}

export function useFileActions() {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const refreshed = async <T>(result: Promise<CallResult<T>>): Promise<CallResult<T>> => {
    const done = await result;
    await queryClient.invalidateQueries({ queryKey: filesQueryRoot });
    return done;
  };
  return {
    createFolder: (name: string): Promise<CallResult<LanderFolder>> =>
      refreshed(client.post(LANDER_FILES_PATHS.folders, { json: { name }, schema: landerFolderSchema })),
    renameFolder: (folder: string, name: string): Promise<CallResult<LanderFolder>> =>
      refreshed(
        client.patch(landerFilesPath(LANDER_FILES_PATHS.folder, folder), {
          json: { name },
          schema: landerFolderSchema,
        }),
      ),
    deleteFolder: (folder: string) =>
      refreshed(client.delete(landerFilesPath(LANDER_FILES_PATHS.folder, folder))),
    /** One file (a zip is unpacked by the server), its bytes as the body, with upload progress. */
    upload: (
      folder: string,
      file: File,
      onUploadProgress: UploadProgressListener,
    ): Promise<CallResult<LanderUploadResult>> =>
      client.post(landerFilesPath(LANDER_FILES_PATHS.upload, folder), {
        query: { name: file.webkitRelativePath || file.name },
        body: file,
        onUploadProgress,
        schema: landerUploadResultSchema,
      }),
    refresh: () => queryClient.invalidateQueries({ queryKey: filesQueryRoot }),
    moveFile: (folder: string, from: string, to: string) =>
      refreshed(
        client.post(landerFilesPath(LANDER_FILES_PATHS.move, folder), {
          json: { from, to },
          schema: landerFolderContentsSchema,
        }),
      ),
    deleteFile: (folder: string, path: string) =>
      refreshed(client.delete(landerFilesPath(LANDER_FILES_PATHS.file, folder), { query: { path } })),
    readText: (folder: string, path: string): Promise<CallResult<LanderTextFileResponse>> =>
      client.get(landerFilesPath(LANDER_FILES_PATHS.file, folder), {
        query: { path },
        schema: landerTextFileResponseSchema,
      }),
    saveText: (folder: string, path: string, text: string): Promise<CallResult<LanderTextFileResponse>> =>
      refreshed(
        client.put(landerFilesPath(LANDER_FILES_PATHS.file, folder), {
          json: { path, text },
          schema: landerTextFileResponseSchema,
        }),
      ),
  };
}
