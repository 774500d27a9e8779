import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { LeaderboardPeriod } from '../../common/constants/community.ts';
import type { HallOfFameRecord, LeaderboardEntry, LeaderboardPage } from '../../common/schemas/gamification.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { reusedCount } from '../db/reused-count.ts';
import { hallOfFameRecords, partnerPeriodStats, users } from '../db/schema/index.ts';
import { hallOfFameAbilities } from '../policies/leaderboard.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, moneyFromPence } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { GAMIFICATION_TZ } from './gamification.ts';

const londonParts = new Intl.DateTimeFormat('en-GB', { timeZone: GAMIFICATION_TZ, year: 'numeric', month: '2-digit' });

/** The first day (a London calendar date, YYYY-MM-DD) of the period containing `now`; 'all' starts 1970-01-01. */
export function periodStart(period: LeaderboardPeriod, now: Date): string {
  if (period === 'all') return '1970-01-01';
  const parts = Object.fromEntries(londonParts.formatToParts(now).map((p) => [p.type, p.value]));
  const year = parts.year;
  const month = Number(parts.month);
  const first = period === 'month' ? month : period === 'quarter' ? Math.floor((month - 1) / 3) * 3 + 1 : 1;
  return `${year}-${String(first).padStart(2, '0')}-01`;
}

/** A member shown on the leaderboard: approved, active, not removed (the partial index `users_unlisted_idx` holds the others). */
const listed = sql`(${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null)`;
/** A row of the period with something to rank: a referral or commission. */
const active = sql`(${partnerPeriodStats.leadsSubmitted} > 0 or ${partnerPeriodStats.commissionPence} > 0)`;

/**
 * The number of ranked partners: the period's rows with something to rank, counted from the ranking index alone,
 * less the few of them whose member is not shown (found through the partial index of unlisted members), so
 * the count never reads every member's row.
 */
const rankedTotal = sql<number>`(
  (select count(*) from ${partnerPeriodStats} s where s.period = ${sql.placeholder('period')} and s.period_start = ${sql.placeholder('start')}::date and (s.leads_submitted > 0 or s.commission_pence > 0))
  - (select count(*) from ${users} x join ${partnerPeriodStats} s on s.partner_id = x.id and s.period = ${sql.placeholder('period')} and s.period_start = ${sql.placeholder('start')}::date
      where not (x.account_status = 'approved' and x.is_active and x.removed_at is null) and (s.leads_submitted > 0 or s.commission_pence > 0))
)`;

/** The period's count of ranked partners, reused for a few seconds (it reads the period's whole index range). */
const rankedCount = (db: Db, params: { period: string; start: string }, now: Date) =>
  reusedCount(db, `leaderboard:${params.period}:${params.start}`, now, () => countRanked(db, params));

/**
 * One page of the period's rankings from the per-partner period totals (kept by triggers, so a request reads one
 * row per partner, in the order of the ranking index): total commission, then deals won, then referrals, then
 * id, so every rank is distinct and stable across pages. The page is read fresh (a prepared statement); the
 * count of ranked partners, which reads the whole period's index range, is reused for a few seconds.
 */
export async function leaderboardPage(db: Db, period: LeaderboardPeriod, q: PageQuery, now: Date): Promise<LeaderboardPage> {
  const start = periodStart(period, now);
  const offset = pageOffset(q);
  const statement = prepared(db, 'leaderboard_page', () =>
    db
      .select({
        id: users.id,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        company: users.company,
        profilePicture: users.profilePicture,
        commissionPence: partnerPeriodStats.commissionPence,
        won: partnerPeriodStats.leadsWon,
        submitted: partnerPeriodStats.leadsSubmitted,
      })
      .from(partnerPeriodStats)
      .innerJoin(users, eq(users.id, partnerPeriodStats.partnerId))
      .where(and(eq(partnerPeriodStats.period, sql.placeholder('period')), sql`${partnerPeriodStats.periodStart} = ${sql.placeholder('start')}::date`, active, listed))
      .orderBy(
        sql`${partnerPeriodStats.commissionPence} desc nulls last`,
        sql`${partnerPeriodStats.leadsWon} desc nulls last`,
        sql`${partnerPeriodStats.leadsSubmitted} desc nulls last`,
        asc(partnerPeriodStats.partnerId),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const params = { period, start };
  const [rows, counted] = await Promise.all([statement.execute({ ...params, limit: q.pageSize, offset }), rankedCount(db, params, now)]);
  // never answer a total smaller than the ranks on the page (a partner may have joined since it was counted)
  const total = Math.max(counted, rows.length ? offset + rows.length : 0);
  const items: LeaderboardEntry[] = rows.map((r, i) => ({
    rank: offset + i + 1,
    id: r.id,
    name: r.name,
    company: r.company,
    profilePicture: r.profilePicture,
    totalCommission: moneyFromPence(Number(r.commissionPence)),
    successfulReferrals: r.won,
    totalReferrals: r.submitted,
    successRate: r.submitted > 0 ? Math.min(1, r.won / r.submitted) : r.won > 0 ? 1 : 0,
  }));
  return { items, total, page: q.page, pageSize: q.pageSize, period, periodStart: start };
}

async function countRanked(db: Db, params: { period: string; start: string }) {
  const statement = prepared(db, 'leaderboard_total', () => db.select({ total: rankedTotal.mapWith(Number) }).from(sql`(select 1) one`));
  const [row] = await statement.execute(params);
  return row?.total ?? 0;
}

const presentRecord = (r: typeof hallOfFameRecords.$inferSelect): HallOfFameRecord => ({
  id: r.id,
  key: r.key,
  label: r.label,
  value: moneyFromPence(r.valuePence),
  holder: r.holder,
  achievedIn: r.achievedIn,
  updatedAt: iso(r.updatedAt),
});

/** The hall of fame records in their order, and whether the actor may edit them. */
export async function hallOfFame(db: Db, actor: Actor) {
  const rows = await db.select().from(hallOfFameRecords).orderBy(asc(hallOfFameRecords.sortOrder), asc(hallOfFameRecords.key));
  return { items: rows.map(presentRecord), can: { edit: hallOfFameAbilities(actor).edit } };
}

export interface HallOfFameChange {
  label?: string;
  value?: number;
  holder?: string | null;
  achievedIn?: string | null;
}

/** An admin edits a record (value in pounds, stored in pence); audited with the values before and after. */
export async function updateHallOfFame(db: Db, actor: Actor, id: string, change: HallOfFameChange, now: Date): Promise<HallOfFameRecord> {
  if (!hallOfFameAbilities(actor).edit) throw new AppError('forbidden', 'Only an administrator can edit the hall of fame.');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(hallOfFameRecords).where(eq(hallOfFameRecords.id, id)).for('update');
    if (!before) throw new AppError('not_found', 'Record not found.');
    const [after] = await tx
      .update(hallOfFameRecords)
      .set({
        ...(change.label !== undefined ? { label: change.label } : {}),
        ...(change.value !== undefined ? { valuePence: Math.round(change.value * 100) } : {}),
        ...(change.holder !== undefined ? { holder: change.holder || null } : {}),
        ...(change.achievedIn !== undefined ? { achievedIn: change.achievedIn || null } : {}),
        updatedAt: now,
        updatedBy: actor.id,
      })
      .where(eq(hallOfFameRecords.id, id))
      .returning();
    const view = (r: typeof before) => ({ label: r.label, valuePence: r.valuePence, holder: r.holder, achievedIn: r.achievedIn });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'hall_of_fame.update',
      entityType: 'hall_of_fame_record',
      entityId: id,
      before: view(before),
      after: view(after),
      at: now,
    });
    return presentRecord(after);
  });
}
