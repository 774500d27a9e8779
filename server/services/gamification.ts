import { and, desc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { POINT_RULES, REQUIREMENT_TYPES, reversalOf, type PointActivity, type RequirementType } from '../../common/rules/points.ts';
import type { Db, Tx } from '../db/client.ts';
import { achievements, levels, pointTransactions, userAchievements, users } from '../db/schema/index.ts';
import { notifyMember } from './notify.ts';

/** Days, months and caps are counted in the organisation's time zone. */
export const GAMIFICATION_TZ = 'Europe/London';

export interface Award {
  userId: string;
  activity: PointActivity;
  /** What earned it (a lead, post, endorsement, connection or achievement id): the same thing earns an award once. */
  referenceId: string;
  /** Overrides the rule's points (a won deal's value bonus, an achievement's reward). */
  points?: number;
  reason?: string;
}

/**
 * Awards points inside the caller's transaction: a point transaction, and the member's total and level, in one
 * statement. Returns the points awarded, or 0 when nothing was (already awarded for this reference, or the
 * rule's daily cap reached). A capped rule first locks the member's row (FOR NO KEY UPDATE, which leaves the
 * key-share locks of foreign keys alone), so two awards at once cannot both slip under the cap.
 */
export async function awardPoints(tx: Tx, a: Award, now: Date): Promise<number> {
  const rule = POINT_RULES[a.activity];
  const points = a.points ?? rule.points;
  if (points <= 0) return 0;
  if ('dailyCap' in rule) {
    const at = now.toISOString();
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${a.userId} for no key update`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(pointTransactions)
      .where(
        and(
          eq(pointTransactions.userId, a.userId),
          eq(pointTransactions.activityType, a.activity),
          sql`${pointTransactions.points} > 0`,
          // the London calendar day of the act, both ends: an act recorded at another time counts in its own day
          sql`${pointTransactions.createdAt} >= (date_trunc('day', ${at}::timestamptz at time zone ${GAMIFICATION_TZ}) at time zone ${GAMIFICATION_TZ})`,
          sql`${pointTransactions.createdAt} < ((date_trunc('day', ${at}::timestamptz at time zone ${GAMIFICATION_TZ}) + interval '1 day') at time zone ${GAMIFICATION_TZ})`,
        ),
      );
    if (n >= rule.dailyCap) return 0;
  }
  return applyPoints(tx, a.userId, points, a.activity, a.reason ?? rule.label, a.referenceId, now);
}

/**
 * Takes back what one thing earned (a deleted post, a withdrawn endorsement): a negative transaction equal to the
 * award, if there was one. Never below zero in total.
 */
export async function reversePoints(tx: Tx, userId: string, activity: PointActivity, referenceId: string, now: Date): Promise<number> {
  const [earned] = await tx
    .select({ points: pointTransactions.points })
    .from(pointTransactions)
    .where(and(eq(pointTransactions.userId, userId), eq(pointTransactions.activityType, activity), eq(pointTransactions.referenceId, referenceId)));
  if (!earned || earned.points <= 0) return 0;
  const label = `${POINT_RULES[activity].label} (withdrawn)`;
  return applyPoints(tx, userId, -earned.points, reversalOf(activity), label, referenceId, now);
}

/** One statement: the transaction row (once per user, activity and reference) and the new total and level. */
async function applyPoints(tx: Tx, userId: string, points: number, activityType: string, reason: string, referenceId: string, now: Date): Promise<number> {
  const rows = await tx.execute(sql`
    with ins as (
      insert into ${pointTransactions} (user_id, points, reason, activity_type, reference_id, created_at)
      values (${userId}, ${points}, ${reason}, ${activityType}, ${referenceId}, ${now.toISOString()}::timestamptz)
      on conflict (user_id, activity_type, reference_id) where reference_id is not null do nothing
      returning points
    )
    update ${users} u set
      total_points = greatest(0, u.total_points + ins.points),
      current_level = coalesce((select max(l.level_number) from ${levels} l where l.points_required <= greatest(0, u.total_points + ins.points)), 1)
    from ins where u.id = ${userId}
    returning u.total_points`);
  return rowsOf<{ total_points: number }>(rows).length ? points : 0;
}

/** The rows of a raw statement, whichever driver ran it. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

/** The SQL that counts a member's progress toward one requirement type. */
function progressSql(type: RequirementType, userId: string | SQL.Aliased | ReturnType<typeof sql.placeholder>) {
  switch (type) {
    case 'leads_submitted':
      return sql`(select coalesce(sum(leads_submitted), 0) from partner_period_stats where partner_id = ${userId} and period = 'all')`;
    case 'leads_won':
      return sql`(select coalesce(sum(leads_won), 0) from partner_period_stats where partner_id = ${userId} and period = 'all')`;
    case 'posts':
      return sql`(select count(*) from community_posts where author_id = ${userId})`;
    case 'connections':
      return sql`((select count(*) from member_connections where requester_user_id = ${userId} and status = 'accepted') + (select count(*) from member_connections where target_user_id = ${userId} and status = 'accepted'))`;
    case 'endorsements_received':
      return sql`(select count(*) from skill_endorsements where endorsee_id = ${userId})`;
    case 'mentor_profile':
      return sql`(select count(*) from mentor_profiles where user_id = ${userId})`;
    case 'event_registrations':
      return sql`(select count(*) from event_registrations where user_id = ${userId} and status <> 'cancelled')`;
  }
}

/** One column per requirement type: the member's count toward it (for a statement that reads them with other rows). */
export function progressColumns(userId: string | ReturnType<typeof sql.placeholder>) {
  return Object.fromEntries(REQUIREMENT_TYPES.map((t) => [t, sql<number>`${progressSql(t, userId)}::int`.mapWith(Number)])) as Record<RequirementType, SQL<number>>;
}

/** A member's counts toward the given requirement types, in one query. */
export async function progressCounts(db: Db | Tx, userId: string, types: readonly RequirementType[] = REQUIREMENT_TYPES): Promise<Record<RequirementType, number>> {
  const out = Object.fromEntries(REQUIREMENT_TYPES.map((t) => [t, 0])) as Record<RequirementType, number>;
  if (!types.length) return out;
  const cols = sql.join(
    types.map((t) => sql`${progressSql(t, userId)}::int as ${sql.identifier(t)}`),
    sql`, `,
  );
  const [row] = rowsOf<Record<string, number>>(await db.execute(sql`select ${cols}`));
  for (const t of types) out[t] = Number(row?.[t] ?? 0);
  return out;
}

/**
 * Unlocks every active achievement of the given requirement types the member now meets and has not yet earned:
 * each once (unique per member and achievement), with its points and a notification, in the caller's transaction.
 * Returns the names unlocked.
 */
export async function checkAchievements(tx: Tx, userId: string, types: readonly RequirementType[], now: Date): Promise<string[]> {
  const candidates = await tx
    .select({
      id: achievements.id,
      name: achievements.name,
      requirement: achievements.requirement,
      requirementType: achievements.requirementType,
      pointsReward: achievements.pointsReward,
    })
    .from(achievements)
    .where(
      and(
        eq(achievements.isActive, true),
        inArray(achievements.requirementType, [...types]),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(userAchievements)
            .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievements.id))),
        ),
      ),
    );
  if (!candidates.length) return [];
  const counts = await progressCounts(tx, userId, [...new Set(candidates.map((c) => c.requirementType as RequirementType))]);
  const unlocked: string[] = [];
  for (const c of candidates) {
    if (counts[c.requirementType as RequirementType] < c.requirement) continue;
    const [won] = await tx
      .insert(userAchievements)
      .values({ userId, achievementId: c.id, unlockedAt: now })
      .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.achievementId] })
      .returning({ id: userAchievements.id });
    if (!won) continue;
    unlocked.push(c.name);
    if (c.pointsReward > 0) await applyPoints(tx, userId, c.pointsReward, 'achievement', `Achievement unlocked: ${c.name}`, c.id, now);
    await notifyMember(tx, userId, 'achievement_unlocked', { name: c.name, pointsReward: c.pointsReward }, { entity: { type: 'achievement', id: c.id }, at: now });
  }
  return unlocked;
}

/** Awards and then checks the achievements the act may have completed; the usual pairing for a workflow. */
export async function rewardActivity(tx: Tx, award: Award | null, achievementsOf: { userId: string; types: RequirementType[] } | null, now: Date) {
  const points = award ? await awardPoints(tx, award, now) : 0;
  const unlocked = achievementsOf ? await checkAchievements(tx, achievementsOf.userId, achievementsOf.types, now) : [];
  return { points, unlocked };
}

/** The member's newest point transactions. */
export function recentTransactions(db: Db, userId: string, limit: number, offset: number) {
  return db
    .select({
      id: pointTransactions.id,
      points: pointTransactions.points,
      reason: pointTransactions.reason,
      activityType: pointTransactions.activityType,
      createdAt: pointTransactions.createdAt,
    })
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId))
    .orderBy(desc(pointTransactions.createdAt), desc(pointTransactions.id))
    .limit(limit)
    .offset(offset);
}
