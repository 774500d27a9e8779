import type { Db } from './client.ts';

/** How long a reused count stands (by the app's clock). */
export const COUNT_TTL_MS = 10_000;

const counts = new WeakMap<Db, Map<string, { at: number; value: Promise<number> }>>();

/**
 * A count that reads a large index range (every listed member, every post of the feed, a period's ranked
 * partners), counted at most once per COUNT_TTL_MS per database handle and key; concurrent callers share the one
 * answer, and a failed count is not kept. Only totals are reused this way, never the rows of a page.
 */
export function reusedCount(db: Db, key: string, now: Date, load: () => Promise<number>): Promise<number> {
  let byKey = counts.get(db);
  if (!byKey) counts.set(db, (byKey = new Map()));
  const t = now.getTime();
  const hit = byKey.get(key);
  if (hit && t - hit.at < COUNT_TTL_MS && t >= hit.at) return hit.value;
  const value = load().catch((e: unknown) => {
    byKey.delete(key);
    throw e;
  });
  byKey.set(key, { at: t, value });
  return value;
}

/** Drops the reused counts whose key starts with `prefix`, after a write this process made changes them. */
export function forgetCounts(db: Db, prefix: string): void {
  const byKey = counts.get(db);
  if (!byKey) return;
  for (const key of byKey.keys()) if (key.startsWith(prefix)) byKey.delete(key);
}
