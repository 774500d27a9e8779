import { aliasedTable, and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  achievements,
  ceoMessages,
  communityPosts,
  hallOfFameRecords,
  memberConnections,
  notifications,
  partnerPeriodStats,
  pointTransactions,
  recommendationCache,
  skillEndorsements,
  userAchievements,
  users,
} from '../../db/schema/index.ts';
import { iso } from '../../presenters/wire.ts';
import { extensionOf, nameOf, type ExportSection, type FeatureData } from '../data-types.ts';
import { commentPersonalTables, commentSections, eraseComments, reportSections } from './comment-data.ts';

const postImageName = (post: { id: string; imageKey: string }) => `files/posts/${post.id}${extensionOf(post.imageKey)}`;

/** Endorsements given and received, the other member by name only. */
async function endorsementsOf(db: Db, userId: string) {
  const other = aliasedTable(users, 'other');
  const given = await db
    .select({ e: skillEndorsements, who: nameOf(other) })
    .from(skillEndorsements)
    .innerJoin(other, eq(other.id, skillEndorsements.endorseeId))
    .where(eq(skillEndorsements.endorserId, userId))
    .orderBy(asc(skillEndorsements.createdAt));
  const received = await db
    .select({ e: skillEndorsements, who: nameOf(other) })
    .from(skillEndorsements)
    .innerJoin(other, eq(other.id, skillEndorsements.endorserId))
    .where(eq(skillEndorsements.endorseeId, userId))
    .orderBy(asc(skillEndorsements.createdAt));
  return {
    given: given.map(({ e, who }) => ({ to: who, skill: e.skillName, message: e.message, createdAt: iso(e.createdAt) })),
    received: received.map(({ e, who }) => ({ from: who, skill: e.skillName, message: e.message, visible: e.isVisible, createdAt: iso(e.createdAt) })),
  };
}

/** Connections and requests both ways, the other member by name only. */
async function connectionsOf(db: Db, userId: string) {
  const other = aliasedTable(users, 'other');
  const rows = await db
    .select({ c: memberConnections, who: nameOf(other) })
    .from(memberConnections)
    .innerJoin(
      other,
      eq(other.id, sql`case when ${memberConnections.requesterUserId} = ${userId} then ${memberConnections.targetUserId} else ${memberConnections.requesterUserId} end`),
    )
    .where(or(eq(memberConnections.requesterUserId, userId), eq(memberConnections.targetUserId, userId)))
    .orderBy(asc(memberConnections.createdAt));
  return rows.map(({ c, who }) => ({
    with: who,
    direction: c.requesterUserId === userId ? 'sent' : 'received',
    status: c.status,
    message: c.message,
    createdAt: iso(c.createdAt),
  }));
}

/** Points, level, the transactions that made them and the achievements unlocked. */
async function pointsOf(db: Db, userId: string) {
  const [u] = await db.select({ totalPoints: users.totalPoints, currentLevel: users.currentLevel }).from(users).where(eq(users.id, userId));
  const points = await db
    .select()
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId))
    .orderBy(asc(pointTransactions.createdAt), asc(pointTransactions.id));
  const earned = await db
    .select({ name: achievements.name, description: achievements.description, unlockedAt: userAchievements.unlockedAt })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.unlockedAt));
  return {
    totalPoints: u?.totalPoints,
    currentLevel: u?.currentLevel,
    transactions: points.map((p) => ({ points: p.points, reason: p.reason, activityType: p.activityType, createdAt: iso(p.createdAt) })),
    achievements: earned.map((a) => ({ name: a.name, description: a.description, unlockedAt: iso(a.unlockedAt) })),
  };
}

const sections: ExportSection[] = [
  {
    file: 'community-posts.json',
    describe: 'your community posts (their pictures are in files/posts/)',
    async collect(db, userId) {
      const rows = await db.select().from(communityPosts).where(eq(communityPosts.authorId, userId)).orderBy(asc(communityPosts.createdAt), asc(communityPosts.id));
      return {
        json: rows.map((p) => ({
          id: p.id,
          title: p.title,
          content: p.content,
          category: p.category,
          image: p.imageKey ? postImageName({ id: p.id, imageKey: p.imageKey }) : null,
          createdAt: iso(p.createdAt),
          updatedAt: iso(p.updatedAt),
        })),
        files: rows.flatMap((p) => (p.imageKey ? [{ key: p.imageKey, name: postImageName({ id: p.id, imageKey: p.imageKey }) }] : [])),
      };
    },
  },
  ...commentSections,
  ...reportSections,
  { file: 'endorsements.json', describe: 'endorsements you gave and received', collect: async (db, userId) => ({ json: await endorsementsOf(db, userId) }) },
  {
    file: 'connections.json',
    describe: 'your connections and requests, with the other member’s name',
    collect: async (db, userId) => ({ json: await connectionsOf(db, userId) }),
  },
  { file: 'points.json', describe: 'your points, level and achievements', collect: async (db, userId) => ({ json: await pointsOf(db, userId) }) },
  {
    file: 'ceo-messages.json',
    describe: 'your messages through CEO Contact',
    async collect(db, userId) {
      const rows = await db.select().from(ceoMessages).where(eq(ceoMessages.senderId, userId)).orderBy(asc(ceoMessages.createdAt));
      return { json: rows.map((m) => ({ subject: m.subject, message: m.message, createdAt: iso(m.createdAt) })) };
    },
  },
];

const OTHER_MEMBERS_RECORD = 'the other member’s record (their network, what they wrote); the erased account shows as "Deleted member"';

/** Posts, comments and reactions, endorsements, connections, points and achievements, CEO Contact, the hall of fame and the leaderboard's figures. */
export const communityData = {
  feature: 'community',
  personalTables: [
    { column: communityPosts.authorId, file: 'community-posts.json', erase: 'deleted' },
    ...commentPersonalTables,
    { column: skillEndorsements.endorserId, file: 'endorsements.json', erase: 'deleted' },
    { column: skillEndorsements.endorseeId, file: 'endorsements.json', erase: 'kept', reason: `written by the endorser: ${OTHER_MEMBERS_RECORD}` },
    { column: memberConnections.requesterUserId, file: 'connections.json', erase: 'kept', reason: OTHER_MEMBERS_RECORD },
    { column: memberConnections.targetUserId, file: 'connections.json', erase: 'kept', reason: OTHER_MEMBERS_RECORD },
    {
      column: memberConnections.introducerUserId,
      notExported: 'an introduction between two other members',
      erase: 'kept',
      reason: 'who introduced two other members: an id only, the name shows as "Deleted member"',
    },
    {
      column: pointTransactions.userId,
      file: 'points.json',
      erase: 'anonymised',
      how: 'a reason keeps what earned the points, not what they wrote ("Community post: <title>" becomes "Community post")',
    },
    { column: userAchievements.userId, file: 'points.json', erase: 'kept', reason: 'which achievements were unlocked: no personal content' },
    { column: ceoMessages.senderId, file: 'ceo-messages.json', erase: 'deleted' },
    {
      column: partnerPeriodStats.partnerId,
      notExported: 'totals counted from the leads and commissions in leads.json and commissions.json',
      erase: 'kept',
      reason: 'figures of the leads and commissions the organisation keeps',
    },
    {
      column: hallOfFameRecords.updatedBy,
      notExported: 'the organisation’s hall of fame, edited by administrators',
      erase: 'kept',
      reason: 'which administrator last edited a record: an id only',
    },
    {
      column: recommendationCache.userId,
      notExported: 'suggestions computed from other data and recomputed when read',
      erase: 'deleted',
    },
  ],
  sections,
  async erase(tx, target, now) {
    // their comments first: the posts' counts are kept from what remains, and their own posts then go whole
    const comments = await eraseComments(tx, target.id, now);
    const posts = await tx.delete(communityPosts).where(eq(communityPosts.authorId, target.id)).returning({ imageKey: communityPosts.imageKey });
    const endorsements = await tx.delete(skillEndorsements).where(eq(skillEndorsements.endorserId, target.id)).returning({ id: skillEndorsements.id });
    // a CEO Contact message is copied to every admin as a notification: those go with it
    await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.entityType, 'ceo_message'),
          sql`${notifications.entityId} in (select ${ceoMessages.id}::text from ${ceoMessages} where ${ceoMessages.senderId} = ${target.id})`,
        ),
      );
    await tx.delete(ceoMessages).where(eq(ceoMessages.senderId, target.id));
    // a reason keeps what earned the points, not what they wrote ("Community post: <title>" becomes "Community post")
    await tx
      .update(pointTransactions)
      .set({ reason: sql`split_part(${pointTransactions.reason}, ':', 1)` })
      .where(and(eq(pointTransactions.userId, target.id), sql`strpos(${pointTransactions.reason}, ':') > 0`));
    // their own suggestions, and other members' cached suggestions that name them
    await tx.delete(recommendationCache).where(or(eq(recommendationCache.userId, target.id), sql`${recommendationCache.items}::text like ${`%${target.id}%`}`));
    return {
      fileKeys: posts.flatMap((p) => (p.imageKey ? [p.imageKey] : [])),
      counts: { postsRemoved: posts.length, commentsErased: comments.commentsErased, endorsementsRemoved: endorsements.length },
    };
  },
} satisfies FeatureData;
