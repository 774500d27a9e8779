import type { Db } from '../client.ts';
import { achievements, hallOfFameRecords, levels } from '../schema/index.ts';

/** Levels 1..10: the points each needs, and the badge shown for it. */
export const LEVELS = [
  { levelNumber: 1, name: 'Associate', pointsRequired: 0, badgeIcon: 'Sprout', badgeColor: '#94A3B8', perks: ['Member directory access'] },
  { levelNumber: 2, name: 'Contributor', pointsRequired: 100, badgeIcon: 'Leaf', badgeColor: '#64748B', perks: ['Community posting'] },
  { levelNumber: 3, name: 'Connector', pointsRequired: 250, badgeIcon: 'Link', badgeColor: '#0EA5E9', perks: ['Introductions'] },
  { levelNumber: 4, name: 'Advisor', pointsRequired: 500, badgeIcon: 'Compass', badgeColor: '#0284C7', perks: ['Featured in recommendations'] },
  { levelNumber: 5, name: 'Trusted Partner', pointsRequired: 1000, badgeIcon: 'Handshake', badgeColor: '#4F46E5', perks: ['Priority lead review'] },
  { levelNumber: 6, name: 'Senior Partner', pointsRequired: 2000, badgeIcon: 'Briefcase', badgeColor: '#7C3AED', perks: ['Event early access'] },
  { levelNumber: 7, name: 'Principal', pointsRequired: 3500, badgeIcon: 'Award', badgeColor: '#9333EA', perks: ['Mentor spotlight'] },
  { levelNumber: 8, name: 'Director', pointsRequired: 5500, badgeIcon: 'Star', badgeColor: '#C026D3', perks: ['Board introductions'] },
  { levelNumber: 9, name: 'Managing Partner', pointsRequired: 8000, badgeIcon: 'Gem', badgeColor: '#B45309', perks: ['Leadership council'] },
  { levelNumber: 10, name: 'Chief Partner', pointsRequired: 12000, badgeIcon: 'Crown', badgeColor: '#FFD700', perks: ['Hall of fame'] },
] as const;

/**
 * Achievements every member can unlock. Each has a requirement: the count of `requirementType` the member must
 * reach (services/gamification.ts counts them); it unlocks once, by itself, and its points are awarded then.
 */
export const ACHIEVEMENTS = [
  {
    name: 'First Referral',
    description: 'Submit your first lead',
    category: 'referrals',
    pointsReward: 50,
    iconName: 'Send',
    requirement: 1,
    requirementType: 'leads_submitted',
  },
  {
    name: 'Deal Maker',
    description: 'Have a lead close as won',
    category: 'referrals',
    pointsReward: 200,
    iconName: 'Trophy',
    requirement: 1,
    requirementType: 'leads_won',
  },
  {
    name: 'Rainmaker',
    description: 'Have ten leads close as won',
    category: 'referrals',
    pointsReward: 1000,
    iconName: 'CloudRain',
    requirement: 10,
    requirementType: 'leads_won',
  },
  {
    name: 'Pipeline Builder',
    description: 'Submit five leads',
    category: 'referrals',
    pointsReward: 100,
    iconName: 'Layers',
    requirement: 5,
    requirementType: 'leads_submitted',
  },
  {
    name: 'Networker',
    description: 'Make five connections',
    category: 'community',
    pointsReward: 100,
    iconName: 'Users',
    requirement: 5,
    requirementType: 'connections',
  },
  {
    name: 'Voice of the Community',
    description: 'Publish your first post',
    category: 'community',
    pointsReward: 25,
    iconName: 'MessageSquare',
    requirement: 1,
    requirementType: 'posts',
  },
  {
    name: 'Thought Leader',
    description: 'Publish ten posts',
    category: 'community',
    pointsReward: 100,
    iconName: 'Megaphone',
    requirement: 10,
    requirementType: 'posts',
  },
  {
    name: 'Well Connected',
    description: 'Make ten connections',
    category: 'community',
    pointsReward: 150,
    iconName: 'Network',
    requirement: 10,
    requirementType: 'connections',
  },
  {
    name: 'Trusted Voice',
    description: 'Receive five skill endorsements',
    category: 'community',
    pointsReward: 75,
    iconName: 'ThumbsUp',
    requirement: 5,
    requirementType: 'endorsements_received',
  },
  {
    name: 'Endorsed Expert',
    description: 'Receive ten skill endorsements',
    category: 'community',
    pointsReward: 150,
    iconName: 'BadgeCheck',
    requirement: 10,
    requirementType: 'endorsements_received',
  },
  {
    name: 'Mentor',
    description: 'Create a mentor profile',
    category: 'mentoring',
    pointsReward: 100,
    iconName: 'GraduationCap',
    requirement: 1,
    requirementType: 'mentor_profile',
  },
  {
    name: 'Event Regular',
    description: 'Register for three events',
    category: 'events',
    pointsReward: 75,
    iconName: 'CalendarCheck',
    requirement: 3,
    requirementType: 'event_registrations',
  },
] as const;

/** The hall of fame's organisation records as first set up; admins edit them on the leaderboard. */
export const HALL_OF_FAME = [
  { key: 'single_fee', label: 'Highest single fee', valuePence: 3_200_000, sortOrder: 1 },
  { key: 'best_month', label: 'Best month', valuePence: 15_922_900, sortOrder: 2 },
  { key: 'best_quarter', label: 'Best quarter', valuePence: 45_540_400, sortOrder: 3 },
  { key: 'best_year', label: 'Best year', valuePence: 210_000_000, sortOrder: 4 },
] as const;

/** Idempotent: inserts the reference rows that are missing and leaves existing ones alone. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(levels)
    .values(LEVELS.map((l) => ({ ...l, perks: [...l.perks] })))
    .onConflictDoNothing({ target: levels.levelNumber });
  await db
    .insert(achievements)
    .values(ACHIEVEMENTS.map((a) => ({ ...a })))
    .onConflictDoNothing({ target: achievements.name });
  await db
    .insert(hallOfFameRecords)
    .values(HALL_OF_FAME.map((r) => ({ ...r })))
    .onConflictDoNothing({ target: hallOfFameRecords.key });
}
