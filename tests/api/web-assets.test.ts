import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress.ts';
import { createTestApp, type TestContext } from '../helpers/app.ts';

/**
 * How the built client is served: each text file as the brotli or gzip copy the build wrote next to it, chosen
 * by Accept-Encoding, and the page for client-side routes the same way. A small client made here, compressed
 * by the build's own function, stands in for the real build (checked separately in e2e/build/).
 */

const webDir = mkdtempSync(join(tmpdir(), 'cp-web-assets-'));
mkdirSync(join(webDir, 'assets'));
// big and repetitive enough that every compressed copy is smaller than the file itself
const page = `<!doctype html><html><head><title>app</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div>${'<!-- filler -->'.repeat(50)}</body></html>`;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\nconsole.log(greeting);\n`;
const style = `body { margin: 0; font-family: system-ui; }\n${'.c { color: red; }\n'.repeat(200)}`;
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<rect width="32" height="32"/>'.repeat(40)}</svg>`;
const font = Buffer.from('wOF2 not really a font, already compressed');
const worker = `const PRECACHE = ["/index.html"];\n${'self.addEventListener("fetch", () => {});\n'.repeat(40)}`;
writeFileSync(join(webDir, 'index.html'), page);
writeFileSync(join(webDir, 'assets', 'index-AbC123.js'), script);
writeFileSync(join(webDir, 'assets', 'index-DeF456.css'), style);
writeFileSync(join(webDir, 'assets', 'mark-GhI789.svg'), icon);
writeFileSync(join(webDir, 'assets', 'inter-latin-JkL012.woff2'), font);
writeFileSync(join(webDir, 'sw.js'), worker);

let ctx: TestContext;
beforeAll(async () => {
  const compressed = await precompressDir(webDir);
  expect(compressed.sort()).toEqual(['assets/index-AbC123.js', 'assets/index-DeF456.css', 'assets/mark-GhI789.svg', 'index.html', 'sw.js']);
  ctx = await createTestApp({ config: { webDir } });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const textAssets = [
  { url: '/assets/index-AbC123.js', body: script, type: /^text\/javascript|^application\/javascript/ },
  { url: '/assets/index-DeF456.css', body: style, type: /^text\/css/ },
  { url: '/assets/mark-GhI789.svg', body: icon, type: /^image\/svg\+xml/ },
  { url: '/index.html', body: page, type: /^text\/html/ },
];

describe('text assets are sent precompressed', () => {
  it.each(textAssets)('$url: brotli when the browser takes it', async ({ url, body, type }) => {
    const res = await get(url, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(type);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(body);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(body));
    // the very bytes the build wrote: nothing is compressed per request
    expect(res.rawPayload.equals(readFileSync(join(webDir, `${url.slice(1)}.br`)))).toBe(true);
  });

  it.each(textAssets)('$url: gzip when only gzip is accepted', async ({ url, body, type }) => {
    const res = await get(url, 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers['content-type'])).toMatch(type);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(body);
  });

  it.each(textAssets)('$url: as it is when no encoding is accepted', async ({ url, body, type }) => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get(url, acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(String(res.headers['content-type'])).toMatch(type);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.body).toBe(body);
    }
  });

  it('a font is sent as it is (woff2 is compressed already), whatever is accepted', async () => {
    const res = await get('/assets/inter-latin-JkL012.woff2', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(font)).toBe(true);
  });

  it('the compressed copies are not addressable by name', async () => {
    for (const url of ['/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz', '/index.html.br']) {
      const res = await get(url, 'br, gzip');
      // not a file route: the not-found handler answers with the page, never the raw .br bytes as a download
      expect(String(res.headers['content-type']), url).toMatch(/^text\/html/);
    }
  });
});

describe('the page for client-side routes', () => {
  it.each(['/dashboard', '/', '/admin/applications'])('%s gets index.html, compressed, never cached without revalidation', async (url) => {
    const br = await get(url, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page);

    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(page);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(page);
  });
});

describe('caching', () => {
  it('hashed files under /assets are cached for a year, immutable, in every encoding', async () => {
    for (const url of ['/assets/index-AbC123.js', '/assets/index-DeF456.css', '/assets/inter-latin-JkL012.woff2']) {
      for (const acceptEncoding of ['br', 'gzip', undefined]) {
        expect((await get(url, acceptEncoding)).headers['cache-control'], `${url} ${acceptEncoding}`).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('index.html asked for by name is not cached as immutable', async () => {
    expect(String((await get('/index.html', 'br')).headers['cache-control'])).not.toMatch(/immutable/);
  });
});

describe('the installable app', () => {
  it('the service worker is revalidated on every visit, in every encoding, and may control the whole site', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const res = await get('/sw.js', acceptEncoding);
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control'], String(acceptEncoding)).toBe('no-cache');
      expect(res.headers['service-worker-allowed']).toBe('/');
    }
    expect(brotliDecompressSync((await get('/sw.js', 'br')).rawPayload).toString()).toBe(worker);
  });

  it('the manifest names the deployment, with its colours and icons, as application/manifest+json', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: ctx.config.brandName, start_url: '/', scope: '/', display: 'standalone', theme_color: '#1f2f5c' });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('the page allows the worker and the manifest from this site only', async () => {
    const csp = String((await get('/dashboard')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
