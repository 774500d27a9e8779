// `node scripts/bundle-report.mjs [dir]`: what each screen of the built client costs to load, from the build's
// manifest (dist/web/.vite/manifest.json) and index.html. For a screen, the JavaScript it pulls is index.html's
// entry script with its modulepreloads, plus the screen's page chunk (and the app shell's, for screens inside
// it) with everything those import statically; each figure is the sum of those files compressed with gzip
// (level 9) and brotli (quality 11), as the server sends them. Any single chunk over the budget is flagged.
// Exit code 1 when /login is over its budget or a chunk is over the chunk budget, so it can guard a build. The one
// exception is React DOM's chunk: a single module of about 200 KB (65 KB gzip) that cannot be split further; it is
// reported, not failed (docs/decisions/0014-client-loading.md).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const LOGIN_BUDGET_KB = 130;
const CHUNK_BUDGET_KB = 60;
/** Chunks allowed over the chunk budget, by the name the build gives them, with the reason. */
const OVER_BUDGET_ALLOWED = {
  'react-dom': 'React DOM, one module that cannot be split',
  charts: 'the chart library with the drawings, loaded only when a chart first shows; its modules import one another in cycles and break when cut',
};

const dir = resolve(process.argv[2] ?? 'dist/web');
const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
const html = readFileSync(join(dir, 'index.html'), 'utf8');

/** @type {Map<string, { gzip: number; br: number; raw: number }>} */
const sizes = new Map();
function size(file) {
  let s = sizes.get(file);
  if (!s) {
    const bytes = readFileSync(join(dir, file));
    s = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
    };
    sizes.set(file, s);
  }
  return s;
}
const kb = (n) => (n / 1024).toFixed(1);

const byFile = new Map(Object.values(manifest).map((m) => [m.file, m]));
/** The manifest key of a chunk, and the files a chunk pulls in through static imports (itself included). */
const keyOf = new Map(Object.entries(manifest).map(([key, m]) => [m.file, key]));
function closure(keys, into = new Set()) {
  for (const key of keys) {
    const m = manifest[key];
    if (!m || into.has(m.file)) continue;
    into.add(m.file);
    closure(m.imports ?? [], into);
  }
  return into;
}

// What index.html loads before any screen: the entry script and the modulepreloads the build wrote into it.
const htmlScripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
const boot = closure(htmlScripts.map((f) => keyOf.get(f) ?? f));
for (const f of htmlScripts) boot.add(f);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// Screens outside the app shell: the signed-out pages and the application status screen.
const outsideShell = (src) => /^features\/(auth|application-status)\//.test(src) || src === 'app/NotFoundPage.tsx';
const shellKey = Object.keys(manifest).find((k) => /^app\/shell\/AppShell\.tsx$/.test(k) && manifest[k].isDynamicEntry);
const pageKeys = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry && /Page\.tsx$/.test(k))
  .sort((a, b) => (outsideShell(b) ? 1 : 0) - (outsideShell(a) ? 1 : 0) || a.localeCompare(b));

function total(files) {
  const t = { raw: 0, gzip: 0, br: 0, files: files.size };
  for (const f of files) {
    const s = size(f);
    t.raw += s.raw;
    t.gzip += s.gzip;
    t.br += s.br;
  }
  return t;
}

const rows = [];
rows.push({ screen: '(index.html boot only)', ...total(boot) });
for (const key of pageKeys) {
  const files = new Set(boot);
  const extra = outsideShell(key) || !shellKey ? [key] : [shellKey, key];
  closure(extra, files);
  rows.push({
    screen: key
      .replace(/^features\//, '')
      .replace(/\/pages\//, ' › ')
      .replace(/\.tsx$/, ''),
    key,
    ...total(files),
  });
}

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
console.log(
  `Build: ${entryKey ? manifest[entryKey].file : '?'} (entry), ${htmlScripts.length - 1} modulepreloads in index.html${shellKey ? '; app shell is its own chunk' : ''}`,
);
console.log(`${pad('screen (JS on first load)', 46)}${lpad('files', 6)}${lpad('raw KB', 9)}${lpad('gzip KB', 9)}${lpad('br KB', 8)}`);
for (const r of rows) console.log(`${pad(r.screen, 46)}${lpad(r.files, 6)}${lpad(kb(r.raw), 9)}${lpad(kb(r.gzip), 9)}${lpad(kb(r.br), 8)}`);

const css = Object.values(manifest).flatMap((m) => m.css ?? []);
const cssTotal = total(new Set(css));
console.log(`\nCSS: ${[...new Set(css)].join(', ')} — ${kb(cssTotal.raw)} KB raw, ${kb(cssTotal.gzip)} KB gzip, ${kb(cssTotal.br)} KB br`);
const fonts = [...new Set(Object.values(manifest).flatMap((m) => m.assets ?? []))].filter((f) => f.endsWith('.woff2'));
if (fonts.length) console.log(`Fonts referenced: ${fonts.map((f) => `${f} (${kb(size(f).raw)} KB)`).join(', ')}`);

let failed = false;
const login = rows.find((r) => r.key === 'features/auth/pages/LoginPage.tsx');
if (login) {
  const over = login.gzip / 1024 > LOGIN_BUDGET_KB;
  failed ||= over;
  console.log(`\n/login: ${kb(login.gzip)} KB gzip (${kb(login.br)} KB br) of JavaScript — budget ${LOGIN_BUDGET_KB} KB gzip${over ? '  ** OVER BUDGET **' : ''}`);
}
const jsFiles = [...byFile.keys()].filter((f) => f.endsWith('.js'));
const allowance = (f) => Object.entries(OVER_BUDGET_ALLOWED).find(([name]) => new RegExp(`^assets/${name}-[\\w-]+\\.js$`).test(f))?.[1];
const big = jsFiles.filter((f) => size(f).gzip / 1024 > CHUNK_BUDGET_KB);
for (const f of big)
  console.log(`chunk over ${CHUNK_BUDGET_KB} KB gzip: ${f} (${kb(size(f).gzip)} KB)${allowance(f) ? ` — allowed: ${allowance(f)}` : '  ** OVER BUDGET **'}`);
const largest = jsFiles.filter((f) => !allowance(f)).sort((a, b) => size(b).gzip - size(a).gzip)[0];
if (largest) console.log(`Largest other chunk: ${largest} (${kb(size(largest).gzip)} KB gzip)`);
failed ||= big.some((f) => !allowance(f));
process.exitCode = failed ? 1 : 0;
