import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MAX_RECOMMENDATIONS, RECOMMENDATION_WEIGHTS as W, scoreMember, type ScorableMember } from '../../common/rules/recommendations.ts';
import type { ConnectionWith, DirectoryMember, MemberProfile } from '../../common/schemas/community.ts';
import type { Member, MemberRecommendation } from '../../common/schemas/member.ts';
import { prepared } from '../db/prepared.ts';
import { reusedCount } from '../db/reused-count.ts';
import type { Db, Tx } from '../db/client.ts';
import { levels, memberConnections, recommendationCache, users } from '../db/schema/index.ts';
import { hasMasterAdminRoleSql, hasPartnerRoleSql } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import type { UserRow } from '../plugins/session.ts';

/**
 * Members others can find: approved, active, not removed, and open to networking. Written with constants rather
 * than parameters so the planner can prove the partial index `users_directory_idx` (the same predicate) applies
 * even to a prepared statement's generic plan: the directory then reads one page in name order off the index.
 */
export const listedMember = sql`(${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null and ${users.availableForNetworking})`;

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  jobTitle: users.jobTitle,
  location: users.location,
  bio: users.bio,
  profilePicture: users.profilePicture,
  industries: users.industries,
  expertise: users.expertise,
  linkedinUrl: users.linkedinUrl,
  website: users.website,
  role: users.role,
  membershipTier: users.membershipTier,
  yearsExperience: users.yearsExperience,
};

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The viewer's open (pending or accepted) connection with the member in `users`: at most one per pair, so a left
 * join on it keeps one row per member.
 */
const openConnectionWith = (viewerId: string | Placeholder): SQL =>
  and(
    inArray(memberConnections.status, ['pending', 'accepted']),
    or(
      and(eq(memberConnections.requesterUserId, viewerId), eq(memberConnections.targetUserId, users.id)),
      and(eq(memberConnections.targetUserId, viewerId), eq(memberConnections.requesterUserId, users.id)),
    ),
  )!;

/** The connection columns a directory row or profile selects next to the member, read by connectionState(). */
const connectionColumns = {
  connectionId: memberConnections.id,
  connectionStatus: memberConnections.status,
  connectionRequester: memberConnections.requesterUserId,
};

/** The viewer's connection with a member as the wire shows it: none, a request either way, or connected. */
export function connectionState(
  viewerId: string,
  r: { connectionId: string | null; connectionStatus: string | null; connectionRequester: string | null },
): ConnectionWith {
  if (!r.connectionId) return { status: 'none', direction: null, connectionId: null };
  return {
    status: r.connectionStatus === 'accepted' ? 'accepted' : 'pending',
    direction: r.connectionRequester === viewerId ? 'outgoing' : 'incoming',
    connectionId: r.connectionId,
  };
}

/** Members the Active Partners count counts: approved partners whose account is active. */
const activePartner = and(hasPartnerRoleSql(users.role), eq(users.isActive, true), eq(users.accountStatus, 'approved'), isNull(users.removedAt));

export interface DirectoryQuery {
  search?: string;
  industry?: string;
  expertise?: string;
  location?: string;
  page: number;
  pageSize: number;
}

/** Listed members with the viewer's open connection to each, in name order (the directory index's order). */
const directoryRows = (db: Db, viewerId: string | Placeholder, where: SQL | undefined) =>
  db
    .select({ ...memberColumns, ...connectionColumns })
    .from(users)
    .leftJoin(memberConnections, openConnectionWith(viewerId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));

const countUsers = async (db: Db, where: SQL | undefined) => (await db.select({ n: count() }).from(users).where(where))[0].n;

/** Whether the viewer is one of the listed members (then the unfiltered directory, which leaves them out, has one fewer). */
const isListed = (u: Pick<UserRow, 'accountStatus' | 'isActive' | 'removedAt' | 'availableForNetworking'>) =>
  u.accountStatus === 'approved' && u.isActive && !u.removedAt && u.availableForNetworking;

/**
 * One page of the member directory: listed members other than the viewer, searched over name, company and job title,
 * filtered by industry, expertise (the member lists the skill) and location (part of it, any case); each row with the
 * viewer's connection, joined in the same query. Also the Active Partners count. The page is always read fresh;
 * the two network-wide counts of the unfiltered view (members listed, Active Partners) each read every member, so
 * they are reused for a few seconds; a filtered view counts its own matches.
 */
export async function listMembers(db: Db, viewer: UserRow, q: DirectoryQuery, now: Date) {
  const viewerId = viewer.id;
  const filters: Array<SQL | undefined> = [];
  if (q.search) {
    const p = escapeLike(q.search);
    filters.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), ilike(users.company, p), ilike(users.jobTitle, p)));
  }
  if (q.industry) filters.push(sql`${users.industries} @> array[${q.industry}]::text[]`);
  if (q.expertise) filters.push(sql`${users.expertise} @> array[${q.expertise}]::text[]`);
  if (q.location) filters.push(ilike(users.location, escapeLike(q.location)));
  const where = and(listedMember, ne(users.id, viewerId), ...filters);
  const total = filters.length
    ? countUsers(db, where)
    : reusedCount(db, 'directory:listed', now, () => countUsers(db, listedMember)).then((n) => Math.max(0, n - (isListed(viewer) ? 1 : 0)));
  const rows = filters.length
    ? directoryRows(db, viewerId, where)
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
    : prepared(db, 'directory_page', () =>
        directoryRows(db, sql.placeholder('viewerId'), and(listedMember, ne(users.id, sql.placeholder('viewerId'))))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      ).execute({ viewerId, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  const [pageRows, totalCount, activePartners] = await Promise.all([rows, total, reusedCount(db, 'directory:activePartners', now, () => countUsers(db, activePartner))]);
  const items: DirectoryMember[] = pageRows.map(({ connectionId, connectionStatus, connectionRequester, ...m }) => ({
    ...(m as Member),
    connection: connectionState(viewerId, { connectionId, connectionStatus, connectionRequester }),
  }));
  return { items, total: totalCount, activePartners };
}

/**
 * A member's profile as another member sees it: a listed member (or the viewer themselves), with the viewer's
 * connection, their points, level and its name, accepted connections and when they became a member; null when
 * the member is unknown or not listed.
 */
export async function memberProfile(db: Db, viewerId: string, memberId: string): Promise<MemberProfile | null> {
  const connections = sql<number>`(
    (select count(*) from ${memberConnections} c where c.requester_user_id = ${users.id} and c.status = 'accepted')
    + (select count(*) from ${memberConnections} c where c.target_user_id = ${users.id} and c.status = 'accepted')
  )::int`.mapWith(Number);
  const [row] = await db
    .select({
      ...memberColumns,
      ...connectionColumns,
      totalPoints: users.totalPoints,
      currentLevel: users.currentLevel,
      levelName: levels.name,
      connectionsCount: connections,
      approvedAt: users.approvedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(memberConnections, openConnectionWith(viewerId))
    .leftJoin(levels, eq(levels.levelNumber, users.currentLevel))
    .where(and(eq(users.id, memberId), or(listedMember, eq(users.id, viewerId))));
  if (!row) return null;
  const { connectionId, connectionStatus, connectionRequester, levelName, approvedAt, createdAt, ...rest } = row;
  return {
    ...(rest as Member & { totalPoints: number; currentLevel: number; connectionsCount: number }),
    connection: connectionState(viewerId, { connectionId, connectionStatus, connectionRequester }),
    levelName: levelName ?? `Level ${rest.currentLevel}`,
    memberSince: iso(approvedAt ?? createdAt),
  };
}

/** How many of the viewer's values the member's array holds: one cheap containment test per value, no subquery. */
function sharedCount(column: typeof users.industries | typeof users.expertise, values: string[]): SQL {
  const unique = [...new Set(values)];
  if (!unique.length) return sql`0`;
  return sql.join(
    unique.map((v) => sql`(${column} @> array[${v}]::text[])::int`),
    sql` + `,
  );
}

/** The SQL twin of scoreMember(): same weights, so the database ranks and only eight rows leave it. */
function scoreSql(viewer: ScorableMember): SQL<number> {
  const loc = (viewer.location ?? '').trim().toLowerCase();
  const city =
    loc
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)[0] ?? '';
  const theirLoc = sql`lower(trim(coalesce(${users.location}, '')))`;
  const theirCity = sql`trim(split_part(${theirLoc}, ',', 1))`;
  const locationMatch = loc
    ? sql`(${theirLoc} <> '' and (${theirLoc} = ${loc} or position(${theirLoc} in ${loc}) > 0 or position(${loc} in ${theirLoc}) > 0 or ${theirCity} = ${city}))`
    : sql`false`;
  const years = viewer.yearsExperience;
  return sql<number>`(
    (${sharedCount(users.industries, viewer.industries)}) * ${W.sharedIndustry}
    + (${sharedCount(users.expertise, viewer.expertise)}) * ${W.sharedExpertise}
    + case when ${locationMatch} then ${W.location} else 0 end
    + case when ${years === null ? sql`false` : sql`${users.yearsExperience} is not null and abs(${users.yearsExperience} - ${years}) <= ${W.experienceWindowYears}`} then ${W.similarExperience} else 0 end
    + case when ${users.membershipTier} = 'cp-plus' then ${W.cpPlus} else 0 end
    + case when ${hasMasterAdminRoleSql(users.role)} or ${users.jobTitle} ~* '\\mceo\\M' or ${users.jobTitle} ilike '%founder%' then ${W.leadership} else 0 end
    + case when length(coalesce(${users.bio}, '')) > ${W.bioMinLength} and coalesce(${users.company}, '') <> '' then ${W.completeProfile} else 0 end
  )::int`.mapWith(Number);
}

/** How long computed recommendations are reused: new members and profile edits show within this time. */
export const RECOMMENDATION_TTL_MS = 10 * 60_000;

/**
 * The top eight members for the viewer, scored by the recommendation rules, excluding themselves and anyone they have a pending
 * or accepted connection with. Ranked in SQL; scores and reasons of the eight come from scoreMember().
 */
export async function recommendMembers(db: Db, viewer: UserRow, now: Date) {
  const cachedQuery = prepared(db, 'recommendations_cached', () =>
    db
      .select({ items: recommendationCache.items, computedAt: recommendationCache.computedAt })
      .from(recommendationCache)
      .where(eq(recommendationCache.userId, sql.placeholder('userId'))),
  );
  const [cached] = await cachedQuery.execute({ userId: viewer.id });
  if (cached && now.getTime() - cached.computedAt.getTime() < RECOMMENDATION_TTL_MS) return cached.items as MemberRecommendation[];
  const items = await computeRecommendations(db, viewer);
  await db
    .insert(recommendationCache)
    .values({ userId: viewer.id, items, computedAt: now })
    .onConflictDoUpdate({ target: recommendationCache.userId, set: { items, computedAt: now } });
  return items;
}

/** Forgets members' cached recommendations (their connections changed). */
export async function forgetRecommendations(db: Db | Tx, userIds: string[]) {
  await db.delete(recommendationCache).where(inArray(recommendationCache.userId, userIds));
}

async function computeRecommendations(db: Db, viewer: UserRow): Promise<MemberRecommendation[]> {
  const score = scoreSql(viewer);
  const connected = sql`exists (
    select 1 from ${memberConnections} c
    where c.status in ('pending', 'accepted')
      and ((c.requester_user_id = ${viewer.id} and c.target_user_id = ${users.id}) or (c.target_user_id = ${viewer.id} and c.requester_user_id = ${users.id}))
  )`;
  const rows = await db
    .select({ ...memberColumns, sqlScore: score })
    .from(users)
    .where(and(listedMember, ne(users.id, viewer.id), sql`not ${connected}`, sql`${score} > 0`))
    .orderBy(sql`${score} desc`, asc(users.createdAt), asc(users.id))
    .limit(MAX_RECOMMENDATIONS);
  return rows.map(({ sqlScore: _ignored, ...m }) => ({ ...(m as Member), ...scoreMember(viewer, m as ScorableMember) })).sort((a, b) => b.score - a.score);
}
