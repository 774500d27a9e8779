import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The project root (this file lives in <root>/scripts/). */
const ROOT = join(import.meta.dirname, '..');

/** What the client build is made from: its sources, the shared code, the build's configuration and the locked packages. */
const SOURCES = [
  'web',
  'common',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'scripts/vite-pwa.ts',
  'scripts/client-build-stamp.ts',
  'package.json',
  'package-lock.json',
];
/** Tests live beside the code but never reach the bundle. */
const NOT_BUILT = /\.test\.tsx?$/;

/** The stamp the build leaves in its output: a dot-file, so never served. */
export const STAMP_FILE = '.source-hash';

function filesOf(path: string): string[] {
  let entries;
  try {
    entries = readdirSync(path, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') return [path];
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries.filter((e) => e.isFile() && !NOT_BUILT.test(e.name)).map((e) => join(e.parentPath, e.name));
}

/** A hash of every file the client build reads (path and content), the same on any machine for the same sources. */
export function clientSourceHash(root = ROOT): string {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap((s) => filesOf(join(root, s)))
    .map((f) => relative(root, f).split('\\').join('/'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The Vite plugin: records, in the output, the hash of the sources a build started from, once it has written everything. */
export function buildStamp(): Plugin {
  let outDir = '';
  let sourceHash = '';
  return {
    name: 'project:build-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      sourceHash = clientSourceHash();
    },
    // after the precompression plugin's writeBundle, so a build stopped half way leaves no stamp
    closeBundle: {
      order: 'post',
      handler(error?: Error) {
        if (!error && sourceHash) writeFileSync(join(outDir, STAMP_FILE), `${sourceHash}\n`);
      },
    },
  };
}
