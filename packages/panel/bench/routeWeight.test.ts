import { describe, expect, it } from 'vitest';
import { formatWeights, type Manifest, routeFiles } from './routeWeight.ts';

// The shape Vite writes: the entry, shared chunks named `_name-hash.js`, lazily imported modules.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/A.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_styles.css': { file: 'assets/styles.css' },
  'src/A.tsx': {
    file: 'assets/A.js',
    isDynamicEntry: true,
    imports: ['_shared.js', 'index.html', '_styles.css'],
  },
  'src/B.tsx': { file: 'assets/B.js', isDynamicEntry: true, imports: ['_shared.js'] },
};

describe('what a route loads', () => {
  it('is the entry with its static imports, then the route chunks with theirs, each JS file once', () => {
    expect(routeFiles(manifest, [])).toEqual(['assets/index.js', 'assets/react.js']);
    expect(routeFiles(manifest, ['src/A.tsx', 'src/B.tsx'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/A.js',
      'assets/shared.js',
      'assets/B.js',
    ]);
  });

  it('fails loudly for a module the build no longer has or no longer loads lazily', () => {
    expect(() => routeFiles(manifest, ['src/Gone.tsx'])).toThrow(/no "src\/Gone.tsx"/);
    expect(() => routeFiles(manifest, ['_shared.js'])).toThrow(/not loaded lazily/);
  });

  it('prints each route with its budget and the ratio to it', () => {
    const text = formatWeights([{ route: 'sign-in', gzipBytes: 90_000, budgetBytes: 120_000, files: 4 }]);
    expect(text.split('\n')[1]).toMatch(/^sign-in\s+90\.0 kB\s+120\.0 kB\s+0\.75\s+4/);
  });
});
