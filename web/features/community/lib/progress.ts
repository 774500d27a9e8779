import { POINT_RULES, type PointActivity, type PointRule } from '../../../../common/rules/points.ts';
import type { UserAchievement, UserLevel } from '../../../../common/schemas/gamification.ts';

/** Transactions My Progress lists: the first page of ten. */
export const TRANSACTIONS_SHOWN = 10;

/**
 * How far the member is from the current level to the next, as a whole percentage 0–100: 100 at the top level
 * (there is no next), and never outside the range however the figures arrive.
 */
export function levelProgress(level: Pick<UserLevel, 'totalPoints' | 'current' | 'next'>): number {
  if (!level.next) return 100;
  const span = level.next.pointsRequired - level.current.pointsRequired;
  if (span <= 0) return 100;
  const done = level.totalPoints - level.current.pointsRequired;
  return clampPercent((done / span) * 100);
}

/** How far an achievement is toward its requirement, 0–100 (earned ones are 100). */
export function achievementProgress(a: Pick<UserAchievement, 'progress' | 'requirement' | 'unlockedAt'>): number {
  if (a.unlockedAt) return 100;
  if (a.requirement <= 0) return 0;
  return clampPercent((a.progress / a.requirement) * 100);
}

function clampPercent(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.floor(n)));
}

/** The rule behind a transaction's activity type; a reversal ("post_created_reversed") names the rule it reverses. */
export function ruleOf(activityType: string): { rule: PointRule; reversal: boolean } | null {
  const reversal = activityType.endsWith('_reversed');
  const base = reversal ? activityType.slice(0, -'_reversed'.length) : activityType;
  return base in POINT_RULES ? { rule: POINT_RULES[base as PointActivity], reversal } : null;
}

/** "How points are earned": every rule, most valuable first (achievements, whose reward varies, last). */
export function pointRuleList(): { activity: PointActivity; rule: PointRule }[] {
  return (Object.entries(POINT_RULES) as [PointActivity, PointRule][]).sort((a, b) => b[1].points - a[1].points).map(([activity, rule]) => ({ activity, rule }));
}

/** A signed point amount: "+25", "−5". */
export function formatPoints(points: number): string {
  if (points > 0) return `+${points.toLocaleString('en-GB')}`;
  if (points < 0) return `−${Math.abs(points).toLocaleString('en-GB')}`;
  return '0';
}
