import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository map is read before anything else, so it must name every service, route and web feature, and
 * say which migration holds the current definition of every database trigger (a later migration replaces a
 * function's body, and a reader who opens the first one reads a rule that no longer runs).
 */

const root = join(import.meta.dirname, '..', '..');
const map = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

const sources = (dir: string) =>
  readdirSync(join(root, dir))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => `${dir.replace(/^server\//, '')}/${f}`);

describe('docs/ARCHITECTURE.md', () => {
  it('names every server service and route file and every web feature', () => {
    const wanted = [
      ...sources('server/services'),
      ...sources('server/routes'),
      ...readdirSync(join(root, 'web/features'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `web/features/${d.name}`),
    ];
    // a whole name: `services/chat` is not named by `services/chat-messages.ts`
    const named = (name: string) => new RegExp(`${name.replace(/\.tsx?$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(map);
    const missing = wanted.filter((name) => !named(name));
    expect(missing, 'files the map does not name').toEqual([]);
  });

  it('names, for every trigger function, the migration that holds its current definition', () => {
    const dir = join(root, 'server/db/migrations');
    const latest = new Map<string, string>();
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      const sql = readFileSync(join(dir, file), 'utf8');
      for (const m of sql.matchAll(/CREATE (?:OR REPLACE )?FUNCTION "?(\w+)"?\(\)\s+RETURNS trigger/g)) latest.set(m[1], file.slice(0, 4));
      for (const m of sql.matchAll(/DROP FUNCTION (?:IF EXISTS )?"?(\w+)"?/g)) latest.delete(m[1]);
    }
    expect(latest.size).toBeGreaterThan(0);
    const section = map.slice(map.indexOf('## Database-side behaviour'));
    expect(section.length, 'the map has a "Database-side behaviour" section').toBeLessThan(map.length);
    const wrong = [...latest].filter(([fn, migration]) => !new RegExp(`\`${fn}\`[^\\n]*\\b${migration}\\b`).test(section)).map(([fn, m]) => `${fn} (current in ${m})`);
    expect(wrong, 'trigger functions not listed with their current migration').toEqual([]);
  });
});
