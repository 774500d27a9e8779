import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { migrateDatabase, openDatabase, type Db } from '../client.ts';
import { seedChat, seedNotifications } from './scale-chat.ts';
import { seedCommunity, seedEvents } from './scale-community.ts';
import { seedConversations } from './scale-conversations.ts';
import { seedLeadActivities, seedLeads, seedWonCommissions } from './scale-leads.ts';
import { seedMentoring, seedPeople } from './scale-people.ts';
import { BENCH_PARTNER, first, run, type ScaleSize } from './scale-sql.ts';
import { createBulkIndexes, dropBulkIndexes } from './scale-indexes.ts';
import { recomputeTotals } from './scale-totals.ts';
import { seedAudit, seedWork } from './scale-work.ts';

export const SCALE_PASSWORD = 'ScalePass123!';

/** Per member, the defaults of the areas sized by members (the benchmark's embedded run asks for fewer). */
const POSTS_PER_MEMBER = 5;
const POINTS_PER_MEMBER = 20;

export interface ScaleTimings {
  /** Seconds per stage, in the order run. */
  stages: Array<{ stage: string; rows: number; seconds: number }>;
  totalMs: number;
}

/**
 * Fills a database with many members and leads and every area of the product, in set-based statements
 * (generate_series), each row's references computed from row numbers (scale-sql.ts), all in one transaction; then
 * VACUUM ANALYZE so the planner has statistics and index-only scans work at once. As a superuser the rows go in
 * with triggers off (session_replication_role = replica: no per-row work, no foreign key lookups; the rows are
 * consistent by construction) and the figures the triggers keep are recomputed at the end; otherwise the triggers
 * run and the same recomputation finds them right. Adds `bench.partner` and `bench.admin`. Refuses a database
 * seeded already.
 */
export async function seedScale(
  db: Db,
  opts: { members: number; leads: number; posts?: number; pointTransactions?: number },
  onStage?: (stage: string, rows: number, seconds: number) => void,
): Promise<ScaleTimings> {
  const size: ScaleSize = {
    members: opts.members,
    leads: opts.leads,
    posts: opts.posts ?? opts.members * POSTS_PER_MEMBER,
    pointTransactions: opts.pointTransactions ?? opts.members * POINTS_PER_MEMBER,
  };
  const hash = await hashPassword(SCALE_PASSWORD);
  const t0 = Date.now();
  const stages: ScaleTimings['stages'] = [];
  const stage = async (name: string, work: () => Promise<number>) => {
    const t = Date.now();
    const rows = await work();
    const seconds = (Date.now() - t) / 1000;
    stages.push({ stage: name, rows, seconds });
    onStage?.(name, rows, seconds);
  };
  await db.transaction(async (tx) => {
    const t: Db = tx;
    if (await first(t, sql`select 1 from users where id = ${BENCH_PARTNER}`)) throw new Error('This database holds a scale seed already: seed a fresh one.');
    const role = await first<{ rolsuper: boolean }>(t, sql`select rolsuper from pg_roles where rolname = current_user`);
    if (role?.rolsuper) await t.execute(sql`set local session_replication_role = replica`);
    await t.execute(sql`set local work_mem = '64MB'`);
    let indexes: string[] = [];
    await stage('drop indexes', async () => (indexes = await dropBulkIndexes(t)).length);
    await stage('members', () => seedPeople(t, size, hash));
    await stage('mentoring', () => seedMentoring(t, size));
    await stage('events', () => seedEvents(t, size));
    await stage('leads', () => seedLeads(t, size));
    await stage('lead activities', () => seedLeadActivities(t, size));
    await stage('placements and timesheets', () => seedWork(t, size));
    await stage('commissions', () => seedWonCommissions(t, size));
    await stage('audit log', () => seedAudit(t, size));
    await stage('community and points', () => seedCommunity(t, size));
    await stage('comments and reactions', () => seedConversations(t, size));
    await stage('chat', () => seedChat(t, size));
    await stage('notifications', () => seedNotifications(t, size));
    await t.execute(sql`set local work_mem = '256MB'`);
    await stage('totals', async () => {
      await recomputeTotals(t);
      return 0;
    });
    await stage('build indexes', () => createBulkIndexes(t, indexes));
    await t.execute(sql`set local session_replication_role = origin`);
  });
  // outside the transaction: VACUUM cannot run inside one
  await stage('vacuum analyze', () => run(db, sql`vacuum analyze`));
  return { stages, totalMs: Date.now() - t0 };
}

async function main() {
  const { values } = parseArgs({ options: { members: { type: 'string', default: '10000' }, leads: { type: 'string', default: '200000' } } });
  const members = Number(values.members);
  const leadCount = Number(values.leads);
  if (!Number.isInteger(members) || members < 1 || !Number.isInteger(leadCount) || leadCount < 0) {
    console.error('Usage: npm run seed:scale -- --members 10000 --leads 200000');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const t = await seedScale(database.db, { members, leads: leadCount }, (stage, rows, seconds) => console.log(`${stage}: ${rows} rows in ${seconds.toFixed(1)} s`));
    console.log(`Seeded ${members} members and ${leadCount} leads in ${(t.totalMs / 1000).toFixed(1)} s on ${database.kind}.`);
    console.log(`Benchmark accounts: bench.partner and bench.admin, password ${SCALE_PASSWORD}`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
