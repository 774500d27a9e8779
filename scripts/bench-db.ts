// The benchmark's databases: one per data size, seeded by `npm run seed:scale`, reused when asked, dropped after.
import pg from 'pg';
import { runCommand } from './bench-run.ts';

export interface Size {
  members: number;
  leads: number;
}

/** What a seeded database holds, counted after seeding (the seed decides the community's and the sheets' sizes). */
export interface DataCounts {
  members: number;
  leads: number;
  posts: number;
  pointTransactions: number;
  commissions: number;
  placements: number;
  timesheets: number;
}

export const sizeLabel = (s: Size) => `${s.leads.toLocaleString('en-GB')} leads, ${s.members.toLocaleString('en-GB')} members`;

function urlFor(baseUrl: string, name: string) {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await f(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A seeded database of this size that an earlier run kept: it has the bench accounts and at least the leads asked for. */
async function seededAlready(url: string, size: Size) {
  try {
    return await withClient(url, async (c) => {
      const { rows } = await c.query<{ bench: number; leads: number }>(
        "select (select count(*)::int from users where username in ('bench.partner', 'bench.admin')) as bench, (select count(*)::int from leads) as leads",
      );
      return rows[0].bench === 2 && rows[0].leads >= size.leads;
    });
  } catch {
    return false;
  }
}

/**
 * The database for one size: kept from an earlier run (`reuse`) when it is there, otherwise created afresh and
 * seeded by `npm run seed:scale -- --members M --leads L`, then vacuumed and analysed (a freshly filled database
 * has its statistics and visibility map still to build; without this the first minutes of measuring share the
 * cores with autovacuum). Answers its URL and how long seeding took (0 when reused).
 */
export async function benchDatabase(baseUrl: string, name: string, size: Size, reuse: boolean) {
  const url = urlFor(baseUrl, name);
  if (reuse && (await seededAlready(url, size))) {
    console.log(`reusing ${name}`);
    return { url, seedSeconds: 0 };
  }
  await withClient(baseUrl, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const t = performance.now();
  await runCommand('npm', ['run', '--silent', 'seed:scale', '--', '--members', String(size.members), '--leads', String(size.leads)], { DATABASE_URL: url });
  const seedSeconds = (performance.now() - t) / 1000;
  await withClient(url, (c) => c.query('vacuum analyze'));
  console.log(`seeded ${name}: ${sizeLabel(size)} in ${seedSeconds.toFixed(1)} s (then vacuum analyze)`);
  return { url, seedSeconds };
}

export async function dropDatabase(baseUrl: string, name: string) {
  await withClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
}

export async function countData(url: string): Promise<DataCounts> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<DataCounts>(`select
      (select count(*)::int from users) as members,
      (select count(*)::int from leads) as leads,
      (select count(*)::int from community_posts) as posts,
      (select count(*)::int from point_transactions) as "pointTransactions",
      (select count(*)::int from commissions) as commissions,
      (select count(*)::int from placements) as placements,
      (select count(*)::int from timesheets) as timesheets`);
    return rows[0];
  });
}

/** The share of leads an administrator's search for this text finds (company, industry or contact name, any case). */
export async function searchShare(url: string, text: string) {
  return withClient(url, async (c) => {
    const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const { rows } = await c.query<{ n: number; total: number }>(
      'select count(*) filter (where company_name ilike $1 or industry ilike $1 or contact_name ilike $1)::int as n, count(*)::int as total from leads',
      [pattern],
    );
    return { matches: rows[0].n, share: rows[0].total ? rows[0].n / rows[0].total : 0 };
  });
}
