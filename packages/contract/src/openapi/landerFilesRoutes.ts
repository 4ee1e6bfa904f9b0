import {
  LANDER_FILES_PATHS,
  landerFileMoveSchema,
  landerFileQuerySchema,
  landerFolderContentsSchema,
  landerFolderCreateSchema,
  landerFolderListSchema,
  landerFolderRenameSchema,
  landerFolderSchema,
  landerTextFileResponseSchema,
  landerTextFileSchema,
  landerUploadQuerySchema,
  landerUploadResultSchema,
} from '../landerFiles.ts';
import type { ApiRoute } from './catalogue.ts';

const FILES = 'Hosted landers';
const inUse = { 409: 'A lander uses this folder' };

/** Folders of lander files, served at /lp/<folder>/ on every tracking domain. */
export const LANDER_FILES_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: LANDER_FILES_PATHS.folders,
    summary: 'Folders of hosted lander files, with their size, the landers using them, and the limits',
    tag: FILES,
    access: 'admin',
    response: landerFolderListSchema,
  },
  {
    method: 'POST',
    path: LANDER_FILES_PATHS.folders,
    summary: 'Create an empty folder',
    tag: FILES,
    access: 'admin',
    body: landerFolderCreateSchema,
    response: landerFolderSchema,
    status: 201,
    errors: { 409: 'A folder of that name exists' },
    bodyExample: { name: 'summer-sale' },
  },
  {
    method: 'GET',
    path: LANDER_FILES_PATHS.folder,
    summary: "A folder's files: path, size, content type and modified time",
    tag: FILES,
    access: 'admin',
    response: landerFolderContentsSchema,
  },
  {
    method: 'PATCH',
    path: LANDER_FILES_PATHS.folder,
    summary: 'Rename a folder',
    tag: FILES,
    access: 'admin',
    body: landerFolderRenameSchema,
    response: landerFolderSchema,
    errors: { 409: 'A lander uses this folder, or a folder of the new name exists' },
  },
  {
    method: 'DELETE',
    path: LANDER_FILES_PATHS.folder,
    summary: 'Delete a folder and its files',
    tag: FILES,
    access: 'admin',
    errors: inUse,
  },
  {
    method: 'POST',
    path: LANDER_FILES_PATHS.upload,
    summary: 'Upload a file, or a zip unpacked into the folder, as the raw request body',
    description:
      'The body is the file itself (any content type). A name ending in `.zip` is unpacked unless ' +
      '`unzip=false`: entries that climb out of the folder (`..`), absolute names, names with NUL or ' +
      'backslashes, and symbolic links are refused and reported, one result per entry. Limits: ' +
      'CAIRN_LANDER_FILE_MAX_MB per file, CAIRN_LANDER_UPLOAD_MAX_MB per upload (413), ' +
      'CAIRN_LANDER_FILES_QUOTA_MB in all.',
    tag: FILES,
    access: 'admin',
    query: landerUploadQuerySchema,
    consumes: 'application/octet-stream',
    response: landerUploadResultSchema,
    errors: { 413: 'The upload is larger than CAIRN_LANDER_UPLOAD_MAX_MB' },
  },
  {
    method: 'POST',
    path: LANDER_FILES_PATHS.move,
    summary: 'Rename or move a file, within the folder or into another',
    tag: FILES,
    access: 'admin',
    body: landerFileMoveSchema,
    response: landerFolderContentsSchema,
    errors: { 409: 'A file of the new name exists' },
    bodyExample: { from: 'index.html', to: 'old/index.html' },
  },
  {
    method: 'GET',
    path: LANDER_FILES_PATHS.file,
    summary: 'Read a text file (HTML, CSS, JS and the like) to edit it',
    tag: FILES,
    access: 'admin',
    query: landerFileQuerySchema,
    response: landerTextFileResponseSchema,
    errors: { 415: 'Not a text file the editor opens' },
  },
  {
    method: 'PUT',
    path: LANDER_FILES_PATHS.file,
    summary: 'Save a text file, creating it when new',
    tag: FILES,
    access: 'admin',
    body: landerTextFileSchema,
    response: landerTextFileResponseSchema,
    errors: { 413: 'Over the per-file limit or the quota', 415: 'Not a text file the editor opens' },
    bodyExample: { path: 'index.html', text: '<a href="{click_through_url}">Go</a>' },
  },
  {
    method: 'DELETE',
    path: LANDER_FILES_PATHS.file,
    summary: 'Delete a file',
    tag: FILES,
    access: 'admin',
    query: landerFileQuerySchema,
  },
  {
    method: 'GET',
    path: LANDER_FILES_PATHS.zip,
    summary: 'Download a folder as a zip',
    tag: FILES,
    access: 'admin',
    produces: 'application/zip',
  },
];
