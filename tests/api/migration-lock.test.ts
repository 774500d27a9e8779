import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../server/db/client.ts';

const url = process.env.TEST_DATABASE_URL;

/** The URL of another database on the same server. */
const withDatabase = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

// Several instances started at once on one new database each migrate it at start: one migrates while the others
// wait for it, then find nothing left to do. (The embedded database belongs to one process: nothing to race.)
describe.skipIf(!url)('instances starting at once on a new PostgreSQL database', () => {
  it('all start: the migrations run once, and every instance sees the whole schema', async () => {
    const name = `cp_migrate_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir: tmpdir(), databaseUrl: withDatabase(url!, name), poolSize: 2 })));
    try {
      const results = await Promise.allSettled(instances.map((d) => migrateDatabase(d)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const client = (instances[0].db as unknown as { $client: pg.Pool }).$client;
      const applied = await client.query<{ n: string; distinct: string }>('select count(*) as n, count(distinct hash) as distinct from drizzle.__drizzle_migrations');
      expect(Number(applied.rows[0].n)).toBeGreaterThan(30);
      expect(applied.rows[0].n).toBe(applied.rows[0].distinct);
      const levels = await client.query<{ n: string }>('select count(*) as n from levels');
      expect(Number(levels.rows[0].n)).toBeGreaterThan(0);
    } finally {
      await Promise.all(instances.map((d) => d.close()));
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    }
  });
});
