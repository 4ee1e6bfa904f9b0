// What a route downloads, read from Vite's build manifest (`build.manifest: true`): the entry of
// index.html with its static imports, then the route's lazily loaded modules with theirs.

/** One entry of `dist/.vite/manifest.json`, keyed by source path (or `_name-hash.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

function chunkAt(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no "${key}": was it renamed or no longer lazy?`);
  return chunk;
}

/**
 * The JS files a page load fetches before the route can render: the entry (index.html) and every chunk
 * it imports statically, then each of the route's dynamic modules (source paths as the manifest names
 * them) with their static imports, each file once.
 */
export function routeFiles(manifest: Manifest, dynamicModules: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = chunkAt(manifest, key);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('The build manifest has no entry chunk');
  visit(entry[0]);
  for (const module of dynamicModules) {
    if (!chunkAt(manifest, module).isDynamicEntry) {
      throw new Error(`"${module}" is not loaded lazily, so it is already counted with the entry`);
    }
    visit(module);
  }
  return [...files];
}

export interface RouteWeight {
  route: string;
  gzipBytes: number;
  budgetBytes: number;
  files: number;
}

/** A report line per route: gzipped kB, the budget and the ratio to it (above 1 is over budget). */
export function formatWeights(weights: readonly RouteWeight[]): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const rows = weights.map((weight) => [
    weight.route,
    kb(weight.gzipBytes),
    kb(weight.budgetBytes),
    (weight.gzipBytes / weight.budgetBytes).toFixed(2),
    String(weight.files),
  ]);
  const header = ['route', 'gzipped JS', 'budget', 'ratio', 'files'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  return [header, ...rows]
    .map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '))
    .join('\n');
}
