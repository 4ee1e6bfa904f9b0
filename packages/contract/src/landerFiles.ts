import { z } from 'zod';

// Hosted landers: folders of files uploaded from the panel and served by every tracking domain at
// `/lp/<folder>/<path>`. Folder names and file paths are checked here so the panel refuses what the
// server would.

export const LANDER_FILES_PATHS = {
  folders: '/api/lander-files',
  folder: '/api/lander-files/:folder',
  upload: '/api/lander-files/:folder/upload',
  move: '/api/lander-files/:folder/move',
  file: '/api/lander-files/:folder/file',
  zip: '/api/lander-files/:folder/zip',
} as const;

/** Where hosted landers are served on every tracking domain. */
export const LANDER_FILES_PREFIX = '/lp/';

/** The path of a folder's route, its name encoded. */
export function landerFilesPath(template: string, folder: string): string {
  return template.replace(':folder', encodeURIComponent(folder));
}

/**
 * Placeholders filled in hosted HTML files when they are served (the visit's `clickid` query parameter,
 * which the lander URL the folder picker writes passes on). Same names as the URL macros.
 */
export const LANDER_PLACEHOLDERS = [
  { name: 'clickid', description: 'The click id of the visit (empty when the page is opened without one)' },
  {
    name: 'click_through_url',
    description: 'The link to the offer: the click path with lp=1 and the click id',
  },
] as const;

export const FOLDER_NAME_MAX = 64;
export const folderNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(FOLDER_NAME_MAX, `At most ${FOLDER_NAME_MAX} characters`)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'Letters, digits, dot, dash and underscore; starting with a letter or digit',
  );

export const FILE_PATH_MAX = 255;

/** Why a file path inside a folder is refused, or null when it is a plain relative path. */
export function filePathProblem(path: string): string | null {
  if (path === '') return 'The name is empty';
  if (path.length > FILE_PATH_MAX) return `Names are at most ${FILE_PATH_MAX} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'The name holds a control character (NUL or similar)';
  if (path.includes('\\')) return 'The name holds a backslash';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'The name is an absolute path';
  const segments = path.split('/');
  if (segments.some((segment) => segment === '..')) return 'The name climbs out of the folder (..)';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'The name has an empty part';
  return null;
}

export const filePathSchema = z.string().superRefine((value, ctx) => {
  const problem = filePathProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

export const landerFileSchema = z.object({
  /** Relative to the folder, `/`-separated. */
  path: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** ISO instant. */
  modifiedAt: z.string(),
});
export type LanderFile = z.infer<typeof landerFileSchema>;

export const landerFolderSchema = z.object({
  name: z.string(),
  files: z.number().int(),
  bytes: z.number().int(),
  modifiedAt: z.string(),
  /** Landers whose URL points at this folder: it cannot be renamed or deleted while any does. */
  usedBy: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The folder's address on the default tracking domain (or this server when none is set). */
  url: z.string(),
});
export type LanderFolder = z.infer<typeof landerFolderSchema>;

export const landerFolderListSchema = z.object({
  folders: z.array(landerFolderSchema),
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  fileMaxBytes: z.number().int(),
  uploadMaxBytes: z.number().int(),
});
export type LanderFolderList = z.infer<typeof landerFolderListSchema>;

export const landerFolderContentsSchema = z.object({
  folder: landerFolderSchema,
  files: z.array(landerFileSchema),
});
export type LanderFolderContents = z.infer<typeof landerFolderContentsSchema>;

export const landerFolderCreateSchema = z.object({ name: folderNameSchema });
export const landerFolderRenameSchema = z.object({ name: folderNameSchema });

export const landerUploadQuerySchema = z.object({
  /** The file's path in the folder; a `.zip` is unpacked into the folder unless unzip=false. */
  name: filePathSchema,
  unzip: z.enum(['true', 'false']).default('true'),
});

export const UPLOAD_OUTCOMES = ['saved', 'refused'] as const;
export const landerUploadResultSchema = z.object({
  results: z.array(
    z.object({
      /** As named in the upload (a zip entry's own name). */
      name: z.string(),
      outcome: z.enum(UPLOAD_OUTCOMES),
      /** Where it was saved, for saved files. */
      path: z.string().nullable(),
      size: z.number().int(),
      message: z.string(),
    }),
  ),
  saved: z.number().int(),
  refused: z.number().int(),
});
export type LanderUploadResult = z.infer<typeof landerUploadResultSchema>;

export const landerFileMoveSchema = z.object({
  from: filePathSchema,
  to: filePathSchema,
  /** Another folder to move the file into; the same folder when left out. */
  toFolder: folderNameSchema.optional(),
});

export const landerFileQuerySchema = z.object({ path: filePathSchema });

export const TEXT_FILE_MAX = 1024 * 1024;
export const landerTextFileSchema = z.object({
  path: filePathSchema,
  text: z.string().max(TEXT_FILE_MAX, 'Text files are edited up to 1 MB'),
});
export type LanderTextFile = z.infer<typeof landerTextFileSchema>;

export const landerTextFileResponseSchema = landerTextFileSchema.extend({
  contentType: z.string(),
  modifiedAt: z.string(),
});
export type LanderTextFileResponse = z.infer<typeof landerTextFileResponseSchema>;

/** Extensions the panel's editor opens as text. */
export const EDITABLE_EXTENSIONS = ['html', 'htm', 'css', 'js', 'mjs', 'json', 'txt', 'svg', 'xml'] as const;
export function isEditable(path: string): boolean {
  const extension = path.split('.').pop()?.toLowerCase() ?? '';
  return (EDITABLE_EXTENSIONS as readonly string[]).includes(extension) && path.includes('.');
}
