// `npm start` runs this first: builds the web client only when its sources changed since the build in dist/web
// (or there is none), by comparing their hash with the one that build recorded (scripts/client-build-stamp.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clientSourceHash, STAMP_FILE } from './client-build-stamp.ts';

const webDir = join(import.meta.dirname, '..', 'dist', 'web');

function builtFrom(): string | null {
  try {
    return existsSync(join(webDir, 'index.html')) ? readFileSync(join(webDir, STAMP_FILE), 'utf8').trim() : null;
  } catch {
    return null;
  }
}

const built = builtFrom();
if (built !== null && built === clientSourceHash()) {
  console.log('Web client is up to date (dist/web); not rebuilding.');
} else {
  console.log(built === null ? 'No recorded web client build in dist/web: building it.' : 'Web client sources changed since the last build: rebuilding.');
  const windows = process.platform === 'win32';
  const res = spawnSync(windows ? 'npm.cmd' : 'npm', ['run', 'build'], { stdio: 'inherit', shell: windows });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
