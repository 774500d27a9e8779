import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; fonts (woff2) and images are compressed formats already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

/** Every file under dir, as paths relative to it, skipping dot-folders (.vite holds the build manifest, never served). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((path) => !path.split(/[\\/]/).some((part) => part.startsWith('.')));
}

/**
 * Writes `x.br` (brotli, best quality) and `x.gz` (gzip, level 9) next to every text asset in dir, so the server
 * sends them as they are instead of compressing each response. Answers the files it compressed.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      const path = join(dir, file);
      const bytes = await readFile(path);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gz(bytes, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
    }),
  );
  return files;
}

/** The Vite plugin: precompresses the client's output once it is written (docs/decisions/0015-precompressed-assets.md). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'project:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(options) {
      const dir = options.dir ?? outDir;
      const files = await precompressDir(dir);
      this.info(`precompressed ${files.length} text assets (.br and .gz)`);
    },
  };
}
