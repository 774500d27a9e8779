import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { transformWithOxc, type Plugin } from 'vite';
import { PWA_ICONS, PWA_THEME_COLOR, PUSH_ICON, SERVICE_WORKER_PATH } from '../common/constants/pwa.ts';

const ROOT = join(import.meta.dirname, '..');
/** The worker's source; the build prepends what it must know of the release. */
export const SERVICE_WORKER_SOURCE = join(ROOT, 'web', 'sw', 'service-worker.ts');

/** The brand mark (web/components/brand-mark.tsx) on a rounded navy tile, for the icons shown as they are. */
function tileSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
<rect width="32" height="32" rx="7" fill="${PWA_THEME_COLOR}"/>
<path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
<circle cx="22.3" cy="16" r="1.9" fill="#c7d2fe"/></svg>`;
}

/** The same mark on a full navy square, drawn within the middle 60 % so any mask the platform applies keeps it whole. */
function maskableSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
<rect width="32" height="32" fill="${PWA_THEME_COLOR}"/>
<g transform="translate(6.4 6.4) scale(0.6)"><path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
<circle cx="22.3" cy="16" r="1.9" fill="#c7d2fe"/></g></svg>`;
}

/** The PNG of one icon; the Apple touch icon is square (iOS rounds it itself), like the maskable one. */
export function renderIcon(icon: (typeof PWA_ICONS)[number]): Promise<Buffer> {
  const svg = icon.purpose === 'any' ? tileSvg(icon.size) : maskableSvg(icon.size);
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Files of the build never stored on the device: the build's own records and the worker itself. */
const NOT_STORED = (fileName: string) => fileName.startsWith('.') || fileName.includes('/.') || `/${fileName}` === SERVICE_WORKER_PATH;

/**
 * The Vite plugin of the installable app: renders the icons into the build, then writes /sw.js from the worker's
 * source with the list of this release's files (the page, every hashed script, stylesheet and font, the icons) and a
 * version made of their names and the page, so a new release installs a new worker and the old cache is dropped.
 * It runs before the files are precompressed, so the worker has its .br and .gz like every script.
 */
export function pwa(): Plugin {
  let outDir = '';
  return {
    name: 'project:pwa',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async generateBundle() {
      for (const icon of PWA_ICONS) this.emitFile({ type: 'asset', fileName: icon.src.slice(1), source: await renderIcon(icon) });
    },
    writeBundle: {
      sequential: true,
      order: 'pre',
      async handler(_options, bundle) {
        const files = Object.keys(bundle)
          .filter((f) => !NOT_STORED(f))
          .sort();
        const page = bundle['index.html'];
        if (!page || page.type !== 'asset') throw new Error('the build wrote no index.html');
        const version = createHash('sha256').update(files.join('\n')).update('\0').update(page.source).digest('hex').slice(0, 16);
        const precache = files.map((f) => `/${f}`);
        const source = readFileSync(SERVICE_WORKER_SOURCE, 'utf8');
        const { code } = await transformWithOxc(source, SERVICE_WORKER_SOURCE, { lang: 'ts', target: 'es2022' });
        const body = code.replace(/^export\s*\{\s*\};?\s*$/m, '');
        const prelude = `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSION = ${JSON.stringify(version)};\nconst PUSH_ICON = ${JSON.stringify(PUSH_ICON)};\n`;
        writeFileSync(join(outDir, SERVICE_WORKER_PATH.slice(1)), `${prelude}${body}`);
        this.info(`service worker: ${precache.length} files stored on the device, version ${version}`);
      },
    },
  };
}
