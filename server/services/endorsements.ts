import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { Endorsement, EndorsementCreate, UserEndorsements } from '../../common/schemas/community.ts';
import type { Db } from '../db/client.ts';
import { skillEndorsements, users } from '../db/schema/index.ts';
import { endorsementAbilities, mayEndorse } from '../policies/endorsements.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { awardPoints, checkAchievements, reversePoints } from './gamification.ts';
import { listedMember } from './members.ts';
import { notifyMember } from './notify.ts';
import { recordEvent } from './domain-events.ts';

/** Endorsers shown per skill, and the sizes of the recent and most endorsed lists. */
export const ENDORSERS_PER_SKILL = 5;
export const RECENT_ENDORSEMENTS = 3;
export const TOP_SKILLS = 3;
/** The most endorsements of one skill answered at once (the count covers all of them). */
export const SKILL_ENDORSEMENTS_LIMIT = 100;

type EndorsementRow = typeof skillEndorsements.$inferSelect & { firstName: string; lastName: string; profilePicture: string | null };

function present(viewer: Pick<Actor, 'id'>, r: EndorsementRow): Endorsement {
  return {
    id: r.id,
    endorseeId: r.endorseeId,
    endorserId: r.endorserId,
    skillName: r.skillName,
    message: r.message,
    createdAt: iso(r.createdAt),
    endorser: { firstName: r.firstName, lastName: r.lastName, profilePicture: r.profilePicture },
    can: endorsementAbilities(viewer, r),
  };
}

const endorserColumns = { firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture };

/** A member whose endorsements the viewer may see: one the directory lists, or the viewer themselves; 404 otherwise. */
async function visibleMember(db: Db, viewerId: string, userId: string) {
  const [m] = await db
    .select({ id: users.id, expertise: users.expertise })
    .from(users)
    .where(and(eq(users.id, userId), or(listedMember, eq(users.id, viewerId))));
  if (!m) throw new AppError('not_found', 'Member not found.');
  return m;
}

/**
 * Endorses one of another member's listed skills, once per endorser, member and skill (a unique index, so a second
 * attempt, even at the same moment, answers 409). In one transaction: the endorser earns `endorsement_given`
 * (within its daily cap), the member `endorsement_received`, their achievements are checked and they are told.
 */
export async function createEndorsement(
  db: Db,
  endorser: Pick<Actor, 'id'> & { firstName: string; lastName: string; profilePicture?: string | null },
  input: EndorsementCreate,
  now: Date,
) {
  if (!mayEndorse(endorser, input.endorseeId)) throw new AppError('bad_request', 'You cannot endorse your own skills.');
  return db.transaction(async (tx) => {
    const [endorsee] = await tx
      .select({ id: users.id, expertise: users.expertise })
      .from(users)
      .where(and(eq(users.id, input.endorseeId), listedMember));
    if (!endorsee) throw new AppError('not_found', 'Member not found.');
    // the member's own spelling of the skill, matched regardless of case
    const skillName = endorsee.expertise.find((s) => s.trim().toLowerCase() === input.skillName.toLowerCase());
    if (!skillName) throw new AppError('bad_request', 'This member does not list that skill, so it cannot be endorsed.');
    const [created] = await tx
      .insert(skillEndorsements)
      .values({ endorserId: endorser.id, endorseeId: endorsee.id, skillName, message: input.message || null, createdAt: now })
      .onConflictDoNothing({ target: [skillEndorsements.endorserId, skillEndorsements.endorseeId, skillEndorsements.skillName] })
      .returning();
    if (!created) throw new AppError('conflict', 'You have already endorsed this skill.');
    const awards = [
      { userId: endorser.id, activity: 'endorsement_given' as const },
      { userId: endorsee.id, activity: 'endorsement_received' as const },
    ];
    // in id order, so endorsements between two members at once lock their rows in one order
    for (const a of awards.sort((x, y) => (x.userId < y.userId ? -1 : 1))) await awardPoints(tx, { ...a, referenceId: created.id }, now);
    await checkAchievements(tx, endorsee.id, ['endorsements_received'], now);
    await recordEvent(
      tx,
      'endorsement.created',
      { endorsementId: created.id, endorserId: endorser.id, endorseeId: endorsee.id, skillName },
      { entityId: created.id, actorId: endorser.id, at: now },
    );
    await notifyMember(tx, endorsee.id, 'endorsement', { endorser, skillName }, { entity: { type: 'skill_endorsement', id: created.id }, actorId: endorser.id, at: now });
    return present(endorser, { ...created, firstName: endorser.firstName, lastName: endorser.lastName, profilePicture: endorser.profilePicture ?? null });
  });
}

/** The endorser withdraws their endorsement (anyone else: 403), and both awards it earned are taken back. */
export async function deleteEndorsement(db: Db, actor: Pick<Actor, 'id'>, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(skillEndorsements).where(eq(skillEndorsements.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'Endorsement not found.');
    if (!endorsementAbilities(actor, row).remove) throw new AppError('forbidden', 'Only the member who gave this endorsement can remove it.');
    await tx.delete(skillEndorsements).where(eq(skillEndorsements.id, id));
    const reversals = [
      { userId: row.endorserId, activity: 'endorsement_given' as const },
      { userId: row.endorseeId, activity: 'endorsement_received' as const },
    ];
    for (const r of reversals.sort((x, y) => (x.userId < y.userId ? -1 : 1))) await reversePoints(tx, r.userId, r.activity, id, now);
  });
}

/**
 * A member's endorsements for the profile: each listed skill with its count, the viewer's own endorsement and the
 * latest endorsers; the most recent endorsements; the most endorsed skills; the total. One ranked query: the database
 * counts per skill and keeps only each skill's latest endorsers (and the viewer's own).
 */
export async function userEndorsements(db: Db, viewer: Pick<Actor, 'id'>, userId: string): Promise<UserEndorsements> {
  const member = await visibleMember(db, viewer.id, userId);
  const skills: UserEndorsements['skills'] = Object.fromEntries(
    member.expertise.map((s) => [s, { count: 0, hasEndorsed: false, myEndorsementId: null, endorsements: [] }]),
  );
  if (!member.expertise.length) return { skills, recent: [], topSkills: [], total: 0 };
  const ranked = db
    .select({
      id: skillEndorsements.id,
      endorserId: skillEndorsements.endorserId,
      endorseeId: skillEndorsements.endorseeId,
      skillName: skillEndorsements.skillName,
      message: skillEndorsements.message,
      isVisible: skillEndorsements.isVisible,
      createdAt: skillEndorsements.createdAt,
      rank: sql<number>`row_number() over (partition by ${skillEndorsements.skillName} order by ${skillEndorsements.createdAt} desc, ${skillEndorsements.id} desc)`
        .mapWith(Number)
        .as('rank'),
      skillCount: sql<number>`count(*) over (partition by ${skillEndorsements.skillName})`.mapWith(Number).as('skill_count'),
    })
    .from(skillEndorsements)
    .where(
      and(
        eq(skillEndorsements.endorseeId, userId),
        eq(skillEndorsements.isVisible, true),
        sql`${skillEndorsements.skillName} = any((select u.expertise from ${users} u where u.id = ${userId})::text[])`,
      ),
    )
    .as('ranked');
  const rows = await db
    .select({
      id: ranked.id,
      endorserId: ranked.endorserId,
      endorseeId: ranked.endorseeId,
      skillName: ranked.skillName,
      message: ranked.message,
      isVisible: ranked.isVisible,
      createdAt: ranked.createdAt,
      rank: ranked.rank,
      skillCount: ranked.skillCount,
      ...endorserColumns,
    })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.endorserId))
    .where(or(lte(ranked.rank, ENDORSERS_PER_SKILL), eq(ranked.endorserId, viewer.id)))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
  const latest: Endorsement[] = [];
  for (const e of rows) {
    const skill = skills[e.skillName];
    if (!skill) continue;
    const item = present(viewer, e);
    skill.count = e.skillCount;
    if (e.endorserId === viewer.id) Object.assign(skill, { hasEndorsed: true, myEndorsementId: e.id });
    if (e.rank <= ENDORSERS_PER_SKILL) {
      skill.endorsements.push(item);
      latest.push(item);
    }
  }
  // every one of the overall latest is among its own skill's latest, so the ranked rows hold them
  const recent = latest.slice(0, RECENT_ENDORSEMENTS);
  const topSkills = Object.entries(skills)
    .filter(([, s]) => s.count > 0)
    .map(([skillName, s]) => ({ skillName, count: s.count }))
    .sort((a, b) => b.count - a.count || a.skillName.localeCompare(b.skillName))
    .slice(0, TOP_SKILLS);
  const total = Object.values(skills).reduce((n, s) => n + s.count, 0);
  return { skills, recent, topSkills, total };
}

/** Everyone who endorsed one of a member's skills, newest first, and how many did. */
export async function skillEndorsementList(db: Db, viewer: Pick<Actor, 'id'>, userId: string, skillName: string) {
  await visibleMember(db, viewer.id, userId);
  const rows = await db
    .select({ e: skillEndorsements, ...endorserColumns, count: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(skillEndorsements)
    .innerJoin(users, eq(users.id, skillEndorsements.endorserId))
    .where(and(eq(skillEndorsements.endorseeId, userId), eq(skillEndorsements.skillName, skillName), eq(skillEndorsements.isVisible, true)))
    .orderBy(desc(skillEndorsements.createdAt), desc(skillEndorsements.id))
    .limit(SKILL_ENDORSEMENTS_LIMIT);
  return { skillName, count: rows[0]?.count ?? 0, items: rows.map(({ e, count: _count, ...who }) => present(viewer, { ...e, ...who })) };
}

/** Whether the viewer endorsed the member's skill, and the endorsement to remove if so. */
export async function checkEndorsement(db: Db, viewer: Pick<Actor, 'id'>, userId: string, skillName: string) {
  await visibleMember(db, viewer.id, userId);
  const [mine] = await db
    .select({ id: skillEndorsements.id })
    .from(skillEndorsements)
    .where(and(eq(skillEndorsements.endorserId, viewer.id), eq(skillEndorsements.endorseeId, userId), eq(skillEndorsements.skillName, skillName)));
  return { hasEndorsed: !!mine, endorsementId: mine?.id ?? null };
}
