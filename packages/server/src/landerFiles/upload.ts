import { filePathProblem, type LanderUploadResult } from '@cairn/contract';
import { contentTypeOf } from './contentTypes.ts';
import type { LanderFileStore } from './store.ts';
import { extractEntries, ZipError, zipEntries } from './zip.ts';

// An upload: one file, or a zip whose entries are judged one by one. A refused entry is reported and
// nothing of it is written; the rest are saved. Every name is checked as a path inside the folder before
// anything is written, so no entry can land outside it (names are keys in the store, never file paths).

export interface UploadLimits {
  fileMaxBytes: number;
  quotaBytes: number;
}

type Result = LanderUploadResult['results'][number];

const refused = (name: string, size: number, message: string): Result => ({
  name,
  outcome: 'refused',
  path: null,
  size,
  message,
});

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Drops one leading folder every entry shares (`lander/index.html` → `index.html`), as zips of a folder have. */
function withoutSharedTop(names: string[]): Map<string, string> {
  const tops = new Set(names.map((name) => (name.includes('/') ? name.split('/')[0] : null)));
  const [top] = tops;
  const strip = tops.size === 1 && typeof top === 'string';
  return new Map(names.map((name) => [name, strip ? name.slice(top.length + 1) : name]));
}

export async function saveUpload(
  files: LanderFileStore,
  folder: string,
  name: string,
  body: Buffer,
  unzip: boolean,
  limits: UploadLimits,
  now: number,
): Promise<LanderUploadResult> {
  const results: Result[] = [];
  const wanted: { name: string; path: string; bytes: () => Buffer }[] = [];
  if (unzip && name.toLowerCase().endsWith('.zip')) {
    let entries: ReturnType<typeof zipEntries>;
    try {
      entries = zipEntries(body);
    } catch (error) {
      const message = error instanceof ZipError ? error.message : 'Not a readable zip file';
      return summary([refused(name, body.length, message)]);
    }
    const accepted: string[] = [];
    for (const entry of entries) {
      if (entry.directory && !entry.symlink) continue;
      const problem = entry.symlink
        ? 'A symbolic link: refused'
        : (filePathProblem(entry.name) ??
          (entry.name.startsWith('__MACOSX/') ? 'macOS metadata: skipped' : null) ??
          (entry.size > limits.fileMaxBytes
            ? `Larger than the ${mb(limits.fileMaxBytes)} a file may be`
            : null));
      if (problem !== null) results.push(refused(entry.name, entry.size, problem));
      else accepted.push(entry.name);
    }
    let contents: Map<string, Buffer>;
    try {
      contents = extractEntries(body, new Set(accepted));
    } catch {
      return summary([...results, refused(name, body.length, 'The zip file is damaged')]);
    }
    const paths = withoutSharedTop(accepted);
    for (const entry of accepted) {
      const bytes = contents.get(entry);
      if (!bytes) results.push(refused(entry, 0, 'Could not be unpacked'));
      else wanted.push({ name: entry, path: paths.get(entry) ?? entry, bytes: () => bytes });
    }
  } else {
    wanted.push({ name, path: name, bytes: () => body });
  }

  await files.ensureFolder(folder, now);
  let used = await files.usedBytes();
  for (const file of wanted) {
    const bytes = file.bytes();
    if (bytes.length > limits.fileMaxBytes) {
      results.push(
        refused(file.name, bytes.length, `Larger than the ${mb(limits.fileMaxBytes)} a file may be`),
      );
      continue;
    }
    const replaced = (await files.meta(folder, file.path))?.size ?? 0;
    if (used - replaced + bytes.length > limits.quotaBytes) {
      results.push(refused(file.name, bytes.length, `Over the ${mb(limits.quotaBytes)} quota for all files`));
      continue;
    }
    await files.put(folder, file.path, bytes, contentTypeOf(file.path), now);
    used += bytes.length - replaced;
    results.push({
      name: file.name,
      outcome: 'saved',
      path: file.path,
      size: bytes.length,
      message: 'Saved',
    });
  }
  return summary(results);
}

function summary(results: Result[]): LanderUploadResult {
  const saved = results.filter((result) => result.outcome === 'saved').length;
  return { results, saved, refused: results.length - saved };
}
