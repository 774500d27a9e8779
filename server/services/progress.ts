import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { REQUIREMENT_TYPES, type RequirementType } from '../../common/rules/points.ts';
import type { Achievement, Level, NetworkStats, Points, Recognition, UserAchievement, UserAchievements, UserLevel } from '../../common/schemas/gamification.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db } from '../db/client.ts';
import { achievements, levels, pointTransactions, userAchievements, users } from '../db/schema/index.ts';
import { iso } from '../presenters/wire.ts';
import { GAMIFICATION_TZ, progressCounts, recentTransactions } from './gamification.ts';

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
  const [rows, counts] = await Promise.all([
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
      })
      .from(achievements)
      .leftJoin(userAchievements, and(eq(userAchievements.achievementId, achievements.id), eq(userAchievements.userId, userId)))
      .where(eq(achievements.isActive, true)),
    progressCounts(db, userId),
  ]);
  const items = rows
    .filter((r) => isRequirement(r.requirementType))
    .map(({ seenAt, ...r }): UserAchievement & { share: number } => {
      const type = r.requirementType as RequirementType;
      const requirement = Math.max(1, r.requirement);
      const progress = r.unlockedAt ? requirement : Math.min(requirement, counts[type]);
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

/** The member's total and one page of their point transactions, newest first. */
export async function pointsPage(db: Db, userId: string, q: PageQuery): Promise<Points> {
  const [rows, [{ total }], [me]] = await Promise.all([
    recentTransactions(db, userId, q.pageSize, pageOffset(q)),
    db.select({ total: count() }).from(pointTransactions).where(eq(pointTransactions.userId, userId)),
    db.select({ totalPoints: users.totalPoints }).from(users).where(eq(users.id, userId)),
  ]);
  return {
    totalPoints: me?.totalPoints ?? 0,
    items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    total,
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
