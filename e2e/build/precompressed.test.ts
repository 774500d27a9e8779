import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { clientSourceHash, STAMP_FILE } from '../../scripts/client-build-stamp.ts';
import { COMPRESSIBLE } from '../../scripts/vite-precompress.ts';

/** The real build (`npm run test:e2e` runs `npm run build` first): every text asset has its .br and .gz beside it. */
const webDir = join(import.meta.dirname, '..', '..', 'dist', 'web');

function served(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter((path) => !path.split(/[\\/]/).some((part) => part.startsWith('.')) && !/\.(br|gz)$/.test(path));
}

describe('the client build', () => {
  const files = served(webDir);

  it('has the page, scripts, a stylesheet and the one font', () => {
    expect(files).toContain('index.html');
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(10);
    expect(files.filter((f) => f.endsWith('.css'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.woff2'))).toEqual([expect.stringMatching(/^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)]);
  });

  it('wrote a .br and a .gz that decompress to each text asset, and none for the font', () => {
    for (const file of files) {
      const path = join(webDir, file);
      if (!COMPRESSIBLE.test(file)) {
        expect(existsSync(`${path}.br`) || existsSync(`${path}.gz`), file).toBe(false);
        continue;
      }
      const original = readFileSync(path);
      expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(original), `${file}.br`).toBe(true);
      expect(gunzipSync(readFileSync(`${path}.gz`)).equals(original), `${file}.gz`).toBe(true);
    }
  });

  it('preloads the font it uses', () => {
    const html = readFileSync(join(webDir, 'index.html'), 'utf8');
    const font = files.find((f) => f.endsWith('.woff2'));
    expect(html).toContain(`<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin`);
  });

  it('keeps /login within its JavaScript budget and every chunk but React DOM and the chart library under 60 KB gzip (scripts/bundle-report.mjs)', () => {
    const report = spawnSync(process.execPath, ['scripts/bundle-report.mjs', webDir], { encoding: 'utf8' });
    expect(report.status, report.stdout + report.stderr).toBe(0);
    expect(report.stdout).toMatch(/^\/login: [\d.]+ KB gzip/m);
  });

  it('writes the service worker with every file of the release to store, the worker itself and the build records excepted', () => {
    const worker = readFileSync(join(webDir, 'sw.js'), 'utf8');
    const precache = JSON.parse(/^const PRECACHE = (\[.*\]);$/m.exec(worker)![1]) as string[];
    const expected = files.filter((f) => f !== 'sw.js').map((f) => `/${f.split(/[\\/]/).join('/')}`);
    expect(precache.sort()).toEqual(expected.sort());
    expect(precache).toEqual(expect.arrayContaining(['/index.html', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']));
    expect(worker).toMatch(/^const VERSION = "[0-9a-f]{16}";$/m);
    // the source's types are gone: the browser runs it as it is
    expect(worker).not.toMatch(/\binterface\b|declare const/);
  });

  it('records the hash of the sources it was built from, so `npm start` knows it is up to date', () => {
    expect(readFileSync(join(webDir, STAMP_FILE), 'utf8').trim()).toBe(clientSourceHash());
  });
});
