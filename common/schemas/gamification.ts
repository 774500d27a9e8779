import { z } from 'zod';
import { LEADERBOARD_PERIODS } from '../constants/community.ts';
import { REQUIREMENT_TYPES } from '../rules/points.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

export const achievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  iconName: z.string(),
  iconColor: z.string(),
  pointsReward: z.number().int(),
  requirement: z.number().int(),
  requirementType: z.enum(REQUIREMENT_TYPES),
  /** How many members have earned it. */
  earnedBy: z.number().int(),
});
export type Achievement = z.infer<typeof achievementSchema>;
/** GET /api/achievements: every active achievement. */
export const achievementListSchema = z.object({ items: z.array(achievementSchema) });

/** One achievement as the signed-in member stands with it. */
export const userAchievementSchema = z.object({
  achievementId: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  iconName: z.string(),
  iconColor: z.string(),
  pointsReward: z.number().int(),
  requirementType: z.enum(REQUIREMENT_TYPES),
  requirement: z.number().int(),
  /** The member's count toward it, capped at the requirement. */
  progress: z.number().int(),
  unlockedAt: instantSchema.nullable(),
  /** Earned and not yet shown on My Progress: the celebration plays for these, once. */
  isNew: z.boolean(),
});
export type UserAchievement = z.infer<typeof userAchievementSchema>;
/** GET /api/achievements/user: earned (newest first) and locked (closest first). */
export const userAchievementsSchema = z.object({ earned: z.array(userAchievementSchema), locked: z.array(userAchievementSchema) });
export type UserAchievements = z.infer<typeof userAchievementsSchema>;

export const pointTransactionSchema = z.object({ id: z.string(), points: z.number().int(), reason: z.string(), activityType: z.string(), createdAt: instantSchema });
export type PointTransaction = z.infer<typeof pointTransactionSchema>;
/** GET /api/points: the total and the first page (10) of transactions, newest first. */
export const pointsQuerySchema = pageQuery(10, 50);
export const pointsSchema = pageOf(pointTransactionSchema).extend({ totalPoints: z.number().int() });
export type Points = z.infer<typeof pointsSchema>;

export const levelSchema = z.object({
  levelNumber: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  pointsRequired: z.number().int(),
  badgeIcon: z.string(),
  badgeColor: z.string(),
  perks: z.array(z.string()),
});
export type Level = z.infer<typeof levelSchema>;
export const levelListSchema = z.object({ items: z.array(levelSchema) });
/** GET /api/user-level: the member's level, the next one (null at the top) and the points still needed. */
export const userLevelSchema = z.object({ totalPoints: z.number().int(), current: levelSchema, next: levelSchema.nullable(), pointsToNext: z.number().int() });
export type UserLevel = z.infer<typeof userLevelSchema>;

/* ---------- leaderboard ---------- */

export const leaderboardQuerySchema = pageQuery(25, 100).extend({ period: z.enum(LEADERBOARD_PERIODS).default('month') });
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  profilePicture: z.string().nullable(),
  totalCommission: moneySchema,
  successfulReferrals: z.number().int(),
  totalReferrals: z.number().int(),
  /** successful ÷ total referrals, 0 to 1 (0 with no referrals). */
  successRate: z.number(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
/** GET /api/leaderboard: one page of the period's rankings (commission, then deals won, then referrals). */
export const leaderboardPageSchema = pageOf(leaderboardEntrySchema).extend({ period: z.enum(LEADERBOARD_PERIODS), periodStart: z.string() });
export type LeaderboardPage = z.infer<typeof leaderboardPageSchema>;

export const hallOfFameRecordSchema = z.object({
  id: z.string(),
  key: z.string(),
  label: z.string(),
  value: moneySchema,
  holder: z.string().nullable(),
  achievedIn: z.string().nullable(),
  updatedAt: instantSchema,
});
export type HallOfFameRecord = z.infer<typeof hallOfFameRecordSchema>;
export const hallOfFameSchema = z.object({ items: z.array(hallOfFameRecordSchema), can: z.object({ edit: z.boolean() }) });
export type HallOfFame = z.infer<typeof hallOfFameSchema>;
/** PATCH /api/leaderboard/records/{id} (admins): value in pounds as a decimal string or number. */
export const hallOfFameUpdateSchema = z
  .object({
    label: z.string().trim().min(1, 'Label is required').max(80).optional(),
    value: z.coerce
      .number({ error: 'Enter an amount in pounds' })
      .min(0, 'The amount cannot be negative')
      .max(100_000_000, 'The amount is too large')
      .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6, 'Use at most two decimal places')
      .optional(),
    holder: z.string().trim().max(100).nullable().optional(),
    achievedIn: z.string().trim().max(40).nullable().optional(),
  })
  .strict();

/** GET /api/community/stats: the network at a glance. */
export const networkStatsSchema = z.object({ members: z.number().int(), connections: z.number().int(), posts: z.number().int(), leadsThisMonth: z.number().int() });
export type NetworkStats = z.infer<typeof networkStatsSchema>;

/** GET /api/achievements/recent: the newest achievements earned across the network (recognition). */
export const recognitionSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      name: z.string(),
      profilePicture: z.string().nullable(),
      achievementName: z.string(),
      iconName: z.string(),
      iconColor: z.string(),
      unlockedAt: instantSchema,
    }),
  ),
});
export type Recognition = z.infer<typeof recognitionSchema>;
