// The package registry these machines use lacks the non-Linux builds of Tailwind's native engine
// (@tailwindcss/oxide-*), so npm leaves them out of package-lock.json and `npm ci` then refuses the lock as
// out of sync. This records them as optional, platform-bound entries that npm skips on Linux.
// Run after any `npm install` that rewrites the lock: node scripts/lock-missing-optionals.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'] },
  'wasm32-wasi': { os: ['none'], cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const suffix = dep.replace('@tailwindcss/oxide-', '');
    if (!dep.startsWith('@tailwindcss/oxide-') || lock.packages[`node_modules/${dep}`] || !PLATFORMS[suffix]) continue;
    lock.packages[`node_modules/${dep}`] = { version, dev: entry.dev, optional: true, ...PLATFORMS[suffix] };
    added += 1;
  }
  void path;
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform-bound optional entries`);
