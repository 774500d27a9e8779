import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { REQUIREMENT_TYPES, type RequirementType } from '../../common/rules/points.ts';
import type { Achievement, Level, NetworkStats, Points, Recognition, UserAchievement, UserAchievements, UserLevel } from '../../common/schemas/gamification.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { achievements, levels, pointTransactions, userAchievements, users } from '../db/schema/index.ts';
import { iso } from '../presenters/wire.ts';
import { GAMIFICATION_TZ, progressColumns } from './gamification.ts';

/** A value computed at most once per `ttlMs` of the app's clock; callers share the pending answer. */
export class Cached<T> {
  private at = -Infinity;
  private value: Promise<T> | null = null;
  constructor(
    private readonly ttlMs: number,
    private readonly load: () => Promise<T>,
  ) {}
  get(now: Date): Promise<T> {
    const t = now.getTime();
    if (!this.value || t - this.at >= this.ttlMs || t < this.at) {
      this.at = t;
      this.value = this.load().catch((e: unknown) => {
        this.value = null;
        throw e;
      });
    }
    return this.value;
  }
}

const isRequirement = (t: string): t is RequirementType => (REQUIREMENT_TYPES as readonly string[]).includes(t);

/** Every active achievement with how many members have earned it (one grouped count). */
export async function listAchievements(db: Db): Promise<Achievement[]> {
  const earned = db
    .select({ achievementId: userAchievements.achievementId, n: count().as('n') })
    .from(userAchievements)
    .groupBy(userAchievements.achievementId)
    .as('earned');
  const rows = await db
    .select({
      id: achievements.id,
      name: achievements.name,
      description: achievements.description,
      category: achievements.category,
      iconName: achievements.iconName,
      iconColor: achievements.iconColor,
      pointsReward: achievements.pointsReward,
      requirement: achievements.requirement,
      requirementType: achievements.requirementType,
      earnedBy: sql<number>`coalesce(${earned.n}, 0)`.mapWith(Number),
    })
    .from(achievements)
    .leftJoin(earned, eq(earned.achievementId, achievements.id))
    .where(eq(achievements.isActive, true))
    .orderBy(asc(achievements.category), asc(achievements.requirement), asc(achievements.name));
  return rows.filter((r) => isRequirement(r.requirementType)) as Achievement[];
}

/**
 * The member's achievements: earned ones newest first; locked ones closest first (the largest share of the
 * requirement already reached), with the member's count toward each, counted in SQL.
 */
export async function userAchievementList(db: Db, userId: string): Promise<UserAchievements> {
  // one prepared statement: every active achievement with the member's unlock, and the member's counts (each
  // count depends only on the member, so PostgreSQL computes it once for the statement)
  const statement = prepared(db, 'user_achievements', () =>
    db
      .select({
        achievementId: achievements.id,
        name: achievements.name,
        description: achievements.description,
        category: achievements.category,
        iconName: achievements.iconName,
        iconColor: achievements.iconColor,
        pointsReward: achievements.pointsReward,
        requirementType: achievements.requirementType,
        requirement: achievements.requirement,
        unlockedAt: userAchievements.unlockedAt,
        seenAt: userAchievements.seenAt,
        ...progressColumns(sql.placeholder('userId')),
      })
      .from(achievements)
      .leftJoin(userAchievements, and(eq(userAchievements.achievementId, achievements.id), eq(userAchievements.userId, sql.placeholder('userId'))))
      .where(eq(achievements.isActive, true)),
  );
  const rows = await statement.execute({ userId });
  const counts = (rows[0] ?? {}) as Partial<Record<RequirementType, number>>;
  const items = rows
    .filter((r) => isRequirement(r.requirementType))
    .map((row): UserAchievement & { share: number } => {
      const { seenAt } = row;
      const r = {
        achievementId: row.achievementId,
        name: row.name,
        description: row.description,
        category: row.category,
        iconName: row.iconName,
        iconColor: row.iconColor,
        pointsReward: row.pointsReward,
        requirementType: row.requirementType,
        requirement: row.requirement,
        unlockedAt: row.unlockedAt,
      };
      const type = r.requirementType as RequirementType;
      const requirement = Math.max(1, r.requirement);
      const progress = r.unlockedAt ? requirement : Math.min(requirement, counts[type] ?? 0);
      return {
        ...r,
        requirementType: type,
        requirement,
        progress,
        unlockedAt: iso(r.unlockedAt),
        isNew: !!r.unlockedAt && !seenAt,
        share: progress / requirement,
      };
    });
  const strip = ({ share: _share, ...a }: UserAchievement & { share: number }): UserAchievement => a;
  const earned = items.filter((a) => a.unlockedAt).sort((a, b) => b.unlockedAt!.localeCompare(a.unlockedAt!) || a.name.localeCompare(b.name));
  const locked = items.filter((a) => !a.unlockedAt).sort((a, b) => b.share - a.share || a.requirement - b.requirement || a.name.localeCompare(b.name));
  return { earned: earned.map(strip), locked: locked.map(strip) };
}

/** Marks the member's earned achievements as seen, so the celebration plays for each once. Answers how many. */
export async function markAchievementsSeen(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(userAchievements)
    .set({ seenAt: now })
    .where(and(eq(userAchievements.userId, userId), isNull(userAchievements.seenAt)))
    .returning({ id: userAchievements.id });
  return rows.length;
}

/**
 * The member's total and one page of their point transactions, newest first (read in the order of
 * `point_transactions_user_order_idx`): one prepared statement answers the page, the count and the total.
 */
export async function pointsPage(db: Db, userId: string, q: PageQuery): Promise<Points> {
  const statement = prepared(db, 'points_page', () =>
    db
      .select({
        id: pointTransactions.id,
        points: pointTransactions.points,
        reason: pointTransactions.reason,
        activityType: pointTransactions.activityType,
        createdAt: pointTransactions.createdAt,
        total: sql<number>`(select count(*) from ${pointTransactions} c where c.user_id = ${sql.placeholder('userId')})`.mapWith(Number),
        totalPoints: sql<number>`(select u.total_points from ${users} u where u.id = ${sql.placeholder('userId')})`.mapWith(Number),
      })
      .from(pointTransactions)
      .where(eq(pointTransactions.userId, sql.placeholder('userId')))
      .orderBy(desc(pointTransactions.createdAt), desc(pointTransactions.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const rows = await statement.execute({ userId, limit: q.pageSize, offset: pageOffset(q) });
  let totals = rows[0] ? { total: rows[0].total, totalPoints: rows[0].totalPoints } : null;
  if (!totals) {
    // no row to carry the figures (no transactions yet, or a page past the end)
    const [t] = await db
      .select({ total: sql<number>`(select count(*) from ${pointTransactions} c where c.user_id = ${userId})`.mapWith(Number), totalPoints: users.totalPoints })
      .from(users)
      .where(eq(users.id, userId));
    totals = t ?? { total: 0, totalPoints: 0 };
  }
  return {
    totalPoints: totals.totalPoints,
    items: rows.map((r) => ({ id: r.id, points: r.points, reason: r.reason, activityType: r.activityType, createdAt: iso(r.createdAt) })),
    total: totals.total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Every level, lowest first. */
export async function listLevels(db: Db): Promise<Level[]> {
  return db
    .select({
      levelNumber: levels.levelNumber,
      name: levels.name,
      description: levels.description,
      pointsRequired: levels.pointsRequired,
      badgeIcon: levels.badgeIcon,
      badgeColor: levels.badgeColor,
      perks: levels.perks,
    })
    .from(levels)
    .orderBy(asc(levels.levelNumber));
}

/** The member's level from their points against the levels: the current one, the next and the points still needed. */
export async function userLevel(db: Db, userId: string, all: Level[]): Promise<UserLevel> {
  const [me] = await db.select({ totalPoints: users.totalPoints }).from(users).where(eq(users.id, userId));
  const totalPoints = me?.totalPoints ?? 0;
  const reached = all.filter((l) => l.pointsRequired <= totalPoints);
  const current = reached.at(-1) ?? all[0];
  const next = all.find((l) => l.pointsRequired > totalPoints) ?? null;
  return { totalPoints, current, next, pointsToNext: next ? next.pointsRequired - totalPoints : 0 };
}

/** The newest achievements earned across the network, by current members. */
export async function recentRecognition(db: Db, limit: number): Promise<Recognition['items']> {
  const rows = await db
    .select({
      id: userAchievements.id,
      userId: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      profilePicture: users.profilePicture,
      achievementName: achievements.name,
      iconName: achievements.iconName,
      iconColor: achievements.iconColor,
      unlockedAt: userAchievements.unlockedAt,
    })
    .from(userAchievements)
    .innerJoin(users, eq(users.id, userAchievements.userId))
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(and(eq(users.accountStatus, 'approved'), eq(users.isActive, true), isNull(users.removedAt)))
    .orderBy(sql`${userAchievements.unlockedAt} desc nulls last`, desc(userAchievements.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, unlockedAt: iso(r.unlockedAt) }));
}

/** The network at a glance: members, accepted connections, posts, and leads created this London month; one statement. */
export async function networkStats(db: Db, now: Date): Promise<NetworkStats> {
  const at = now.toISOString();
  const res = await db.execute(sql`select
    (select count(*) from users where account_status = 'approved' and is_active and removed_at is null)::int as members,
    (select count(*) from member_connections where status = 'accepted')::int as connections,
    (select count(*) from community_posts)::int as posts,
    (select count(*) from leads where created_at >= (date_trunc('month', ${at}::timestamptz at time zone ${GAMIFICATION_TZ}) at time zone ${GAMIFICATION_TZ})
      and created_at < ((date_trunc('month', ${at}::timestamptz at time zone ${GAMIFICATION_TZ}) + interval '1 month') at time zone ${GAMIFICATION_TZ}))::int as leads_this_month`);
  const [row] = (Array.isArray(res) ? res : (res as { rows: Record<string, number>[] }).rows) as Record<string, number>[];
  return { members: Number(row.members), connections: Number(row.connections), posts: Number(row.posts), leadsThisMonth: Number(row.leads_this_month) };
}
