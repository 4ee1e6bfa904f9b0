import {
  folderNameSchema,
  isEditable,
  LANDER_FILES_PATHS,
  LANDER_FILES_PREFIX,
  type LanderFile,
  type LanderFolder,
  type LanderFolderContents,
  type LanderFolderList,
  type LanderTextFileResponse,
  type LanderUploadResult,
  landerFileMoveSchema,
  landerFileQuerySchema,
  landerFolderCreateSchema,
  landerFolderRenameSchema,
  landerTextFileSchema,
  landerUploadQuerySchema,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput } from '../http.ts';
import { isUniqueViolation } from '../store/config/port.ts';
import { contentTypeOf } from './contentTypes.ts';
import { type FileMeta, type FolderRow, LanderFileStore } from './store.ts';
import { saveUpload } from './upload.ts';
import { makeZip } from './zip.ts';

// The panel's side of hosted landers (admins only): folders, uploads, the text editor and zip downloads.
// The files are served to visitors by the public endpoint in serve.ts.

const iso = (ms: number) => new Date(ms).toISOString();
const notFound = () => new HttpError(404, { message: 'No such folder' });

export function fileOf(meta: FileMeta): LanderFile {
  return {
    path: meta.path,
    size: meta.size,
    contentType: meta.contentType,
    modifiedAt: iso(meta.modifiedAt),
  };
}

export async function landerFilesPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const files = new LanderFileStore(ctx.store);
  const { now } = ctx.config;

  const baseUrl = async (request: FastifyRequest): Promise<string> => {
    const rows = await ctx.store.query<{ host: string }>(
      'SELECT host FROM domains WHERE is_default AND NOT archived ORDER BY id LIMIT 1',
    );
    return rows[0] ? `https://${rows[0].host}` : `${request.protocol}://${request.host}`;
  };
  const present = async (row: FolderRow, base: string): Promise<LanderFolder> => ({
    name: row.name,
    files: row.files,
    bytes: row.bytes,
    modifiedAt: iso(row.modifiedAt),
    usedBy: (await files.landersUsing(row.name)).map(({ id, name }) => ({ id, name })),
    url: `${base}${LANDER_FILES_PREFIX}${encodeURIComponent(row.name)}/`,
  });
  const folderParam = (request: FastifyRequest): string => {
    const parsed = folderNameSchema.safeParse((request.params as { folder: string }).folder);
    if (!parsed.success) throw notFound();
    return parsed.data;
  };
  const existing = async (request: FastifyRequest): Promise<FolderRow> => {
    const found = await files.folder(folderParam(request));
    if (!found) throw notFound();
    return found;
  };
  const refuseWhileUsed = async (folder: string, doing: string) => {
    const users = await files.landersUsing(folder);
    if (users.length > 0) {
      throw new HttpError(409, {
        message: `Cannot ${doing} this folder: ${users.length === 1 ? 'lander' : 'landers'} ${users.map((user) => user.name).join(', ')} ${users.length === 1 ? 'uses' : 'use'} it`,
      });
    }
  };
  const contents = async (request: FastifyRequest, folder: string): Promise<LanderFolderContents> => {
    const row = await files.folder(folder);
    if (!row) throw notFound();
    return {
      folder: await present(row, await baseUrl(request)),
      files: (await files.files(folder)).map(fileOf),
    };
  };
  const noStore = { 'cache-control': 'no-store' };
  // Every change goes to the audit log, by folder name (folders have no ids).
  const audit = (user: { id: number }, action: string, details: Record<string, unknown>) =>
    recordAudit(ctx.store, now(), { userId: user.id, action, details });

  api.get(LANDER_FILES_PATHS.folders, async (request, reply): Promise<LanderFolderList> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    const base = await baseUrl(request);
    const rows = await files.folders();
    return {
      folders: await Promise.all(rows.map((row) => present(row, base))),
      usedBytes: await files.usedBytes(),
      quotaBytes: ctx.config.landerQuotaBytes,
      fileMaxBytes: ctx.config.landerFileMaxBytes,
      uploadMaxBytes: ctx.config.landerUploadMaxBytes,
    };
  });

  api.post(LANDER_FILES_PATHS.folders, async (request, reply): Promise<LanderFolder> => {
    const user = guard.requireAdmin(request);
    const { name } = parseInput(landerFolderCreateSchema, request.body);
    try {
      await files.createFolder(name, now());
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, { message: `A folder named ${name} exists` });
      throw error;
    }
    await audit(user, 'lander_folder_created', { folder: name });
    reply.code(201);
    return present((await files.folder(name)) as FolderRow, await baseUrl(request));
  });

  api.get(LANDER_FILES_PATHS.folder, async (request, reply): Promise<LanderFolderContents> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    return contents(request, folderParam(request));
  });

  api.patch(LANDER_FILES_PATHS.folder, async (request): Promise<LanderFolder> => {
    const user = guard.requireAdmin(request);
    const folder = await existing(request);
    const { name } = parseInput(landerFolderRenameSchema, request.body);
    if (name === folder.name) return present(folder, await baseUrl(request));
    // A lander's URL names the folder: renaming it would send that lander's visitors to a 404.
    await refuseWhileUsed(folder.name, 'rename');
    try {
      await files.renameFolder(folder.name, name, now());
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, { message: `A folder named ${name} exists` });
      throw error;
    }
    await audit(user, 'lander_folder_renamed', { folder: folder.name, name });
    return present((await files.folder(name)) as FolderRow, await baseUrl(request));
  });

  api.delete(LANDER_FILES_PATHS.folder, async (request) => {
    const user = guard.requireAdmin(request);
    const folder = await existing(request);
    await refuseWhileUsed(folder.name, 'delete');
    await files.deleteFolder(folder.name);
    await audit(user, 'lander_folder_deleted', { folder: folder.name, files: folder.files });
    return { ok: true };
  });

  // Uploads are the raw body, up to the upload limit, whatever its content type: a scope of their own
  // replaces the JSON parsers with one that keeps the bytes.
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: ctx.config.landerUploadMaxBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post(LANDER_FILES_PATHS.upload, async (request): Promise<LanderUploadResult> => {
      const user = guard.requireAdmin(request);
      const folder = folderParam(request);
      const query = parseInput(landerUploadQuerySchema, request.query);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await saveUpload(
        files,
        folder,
        query.name,
        body,
        query.unzip === 'true',
        { fileMaxBytes: ctx.config.landerFileMaxBytes, quotaBytes: ctx.config.landerQuotaBytes },
        now(),
      );
      await audit(user, 'lander_files_uploaded', {
        folder,
        name: query.name,
        saved: result.results.filter((entry) => entry.outcome === 'saved').map((entry) => entry.path),
        refused: result.refused,
      });
      return result;
    });
  });

  api.post(LANDER_FILES_PATHS.move, async (request): Promise<LanderFolderContents> => {
    const user = guard.requireAdmin(request);
    const folder = (await existing(request)).name;
    const move = parseInput(landerFileMoveSchema, request.body);
    const toFolder = move.toFolder ?? folder;
    if (!(await files.folder(toFolder))) throw notFound();
    if (!(await files.meta(folder, move.from))) throw new HttpError(404, { message: 'No such file' });
    if (toFolder === folder && move.to === move.from) return contents(request, folder);
    if (await files.meta(toFolder, move.to)) {
      throw new HttpError(409, { message: `${move.to} exists in ${toFolder}` });
    }
    await files.moveFile(
      { folder, path: move.from },
      { folder: toFolder, path: move.to },
      contentTypeOf(move.to),
      now(),
    );
    await audit(user, 'lander_file_moved', { folder, from: move.from, toFolder, to: move.to });
    return contents(request, folder);
  });

  const textFile = async (folder: string, path: string): Promise<LanderTextFileResponse> => {
    const meta = await files.meta(folder, path);
    if (!meta) throw new HttpError(404, { message: 'No such file' });
    const bytes = await files.content(meta);
    return {
      path,
      text: (bytes ?? Buffer.alloc(0)).toString('utf8'),
      contentType: meta.contentType,
      modifiedAt: iso(meta.modifiedAt),
    };
  };
  const editable = (path: string) => {
    if (!isEditable(path))
      throw new HttpError(415, { message: 'Only text files (HTML, CSS, JS...) open in the editor' });
  };

  api.get(LANDER_FILES_PATHS.file, async (request, reply): Promise<LanderTextFileResponse> => {
    guard.requireAdmin(request);
    const folder = (await existing(request)).name;
    const { path } = parseInput(landerFileQuerySchema, request.query);
    editable(path);
    reply.headers(noStore);
    return textFile(folder, path);
  });

  api.put(LANDER_FILES_PATHS.file, async (request): Promise<LanderTextFileResponse> => {
    const user = guard.requireAdmin(request);
    const folder = (await existing(request)).name;
    const { path, text } = parseInput(landerTextFileSchema, request.body);
    editable(path);
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length > ctx.config.landerFileMaxBytes) {
      throw new HttpError(413, {
        message: 'The file is larger than a file may be (CAIRN_LANDER_FILE_MAX_MB)',
      });
    }
    const replaced = (await files.meta(folder, path))?.size ?? 0;
    if ((await files.usedBytes()) - replaced + bytes.length > ctx.config.landerQuotaBytes) {
      throw new HttpError(413, {
        message: 'Saving it would pass the quota for all files (CAIRN_LANDER_FILES_QUOTA_MB)',
      });
    }
    await files.put(folder, path, bytes, contentTypeOf(path), now());
    await audit(user, 'lander_file_saved', { folder, path, size: bytes.length });
    return textFile(folder, path);
  });

  api.delete(LANDER_FILES_PATHS.file, async (request) => {
    const user = guard.requireAdmin(request);
    const folder = (await existing(request)).name;
    const { path } = parseInput(landerFileQuerySchema, request.query);
    if (!(await files.deleteFile(folder, path))) throw new HttpError(404, { message: 'No such file' });
    await audit(user, 'lander_file_deleted', { folder, path });
    return { ok: true };
  });

  api.get(LANDER_FILES_PATHS.zip, async (request, reply) => {
    guard.requireAdmin(request);
    const folder = (await existing(request)).name;
    const zip = makeZip(await files.contents(folder));
    return reply
      .type('application/zip')
      .headers({ ...noStore, 'content-disposition': `attachment; filename="${folder}.zip"` })
      .send(zip);
  });
}
