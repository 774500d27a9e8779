import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MAX_RECOMMENDATIONS, RECOMMENDATION_WEIGHTS as W, scoreMember, type ScorableMember } from '../../common/rules/recommendations.ts';
import type { ConnectionWith, DirectoryMember, MemberProfile } from '../../common/schemas/community.ts';
import type { Member, MemberRecommendation } from '../../common/schemas/member.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import { prepared } from '../db/prepared.ts';
import { reusedCount } from '../db/reused-count.ts';
import { cappedCount, MEMBER_SEARCH_COUNT_CAP, type CappedTotal } from '../db/capped-count.ts';
import type { Db, Tx } from '../db/client.ts';
import { levels, memberConnections, recommendationCache, users } from '../db/schema/index.ts';
import { leadershipProfileSql } from '../policies/recommendations.ts';
import { hasPartnerRoleSql } from '../policies/roles.ts';
import { SingleFlight } from '../lib/single-flight.ts';
import { keyAt, keysetArray, keysetColumns, keysetCondition, keysetOrderBy, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
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

export interface DirectoryQuery extends PageQuery {
  search?: string;
  industry?: string;
  expertise?: string;
  location?: string;
}

/** The directory runs by name, last then first, then id; `users_directory_idx` holds this order (migration 0031). */
const DIRECTORY_ORDER: KeyOrder = [{ expr: users.lastName }, { expr: users.firstName }, { expr: users.id }];

/** Listed members with the viewer's open connection to each, in the page's order (the directory index's order, or its reverse). */
const directoryRows = (db: Db, viewerId: string | Placeholder, where: SQL | undefined, orderBy: SQL[]) =>
  db
    .select({ ...memberColumns, ...connectionColumns, ...keysetColumns(DIRECTORY_ORDER) })
    .from(users)
    .leftJoin(memberConnections, openConnectionWith(viewerId))
    .where(where)
    .orderBy(...orderBy);

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
    // each field has a trigram index, as has the location (migration 0029)
    filters.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), ilike(users.company, p), ilike(users.jobTitle, p)));
  }
  if (q.industry) filters.push(sql`${users.industries} @> array[${q.industry}]::text[]`);
  if (q.expertise) filters.push(sql`${users.expertise} @> array[${q.expertise}]::text[]`);
  if (q.location) filters.push(ilike(users.location, escapeLike(q.location)));
  const where = and(listedMember, ne(users.id, viewerId), ...filters);
  // a search counts its matches up to the member search cap
  const total: Promise<CappedTotal> = q.search
    ? cappedCount(db, db.select({ id: users.id }).from(users).where(where).$dynamic(), MEMBER_SEARCH_COUNT_CAP)
    : (filters.length
        ? countUsers(db, where)
        : reusedCount(db, 'directory:listed', now, () => countUsers(db, listedMember)).then((n) => Math.max(0, n - (isListed(viewer) ? 1 : 0)))
      ).then((n) => ({ total: n }));
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(DIRECTORY_ORDER) })
        .from(users)
        .where(where)
        .orderBy(...keysetOrderBy(DIRECTORY_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const read = (plan: KeysetPlan) =>
    filters.length
      ? directoryRows(db, viewerId, and(where, plan.where), plan.orderBy).limit(plan.limit).offset(plan.offset)
      : directoryPagePrepared(db, plan).execute({ viewerId, limit: plan.limit, offset: plan.offset, k0: plan.values[0], k1: plan.values[1], k2: plan.values[2] });
  const [page, { total: totalCount, totalCapped }, activePartners] = await Promise.all([
    readKeysetPage(DIRECTORY_ORDER, q, read, seek),
    total,
    reusedCount(db, 'directory:activePartners', now, () => countUsers(db, activePartner)),
  ]);
  const items: DirectoryMember[] = page.rows.map(({ connectionId, connectionStatus, connectionRequester, ...m }) => ({
    ...(m as Member),
    connection: connectionState(viewerId, { connectionId, connectionStatus, connectionRequester }),
  }));
  return { items, total: totalCount, totalCapped, activePartners, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** The unfiltered directory's page, one prepared statement per way of reading it (from the start, by offset, after or before a cursor). */
function directoryPagePrepared(db: Db, plan: KeysetPlan) {
  return prepared(db, `directory_page_${plan.mode}${plan.offset ? '_offset' : ''}`, () => {
    const position =
      plan.mode === 'first' ? undefined : keysetCondition(DIRECTORY_ORDER, plan.mode, [sql.placeholder('k0'), sql.placeholder('k1'), sql.placeholder('k2')]);
    const query = directoryRows(db, sql.placeholder('viewerId'), and(listedMember, ne(users.id, sql.placeholder('viewerId')), position), plan.orderBy).limit(
      sql.placeholder('limit'),
    );
    return plan.offset ? query.offset(sql.placeholder('offset')) : query;
  });
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
    + case when ${leadershipProfileSql(users.role, users.jobTitle)} then ${W.leadership} else 0 end
    + case when length(coalesce(${users.bio}, '')) > ${W.bioMinLength} and coalesce(${users.company}, '') <> '' then ${W.completeProfile} else 0 end
  )::int`.mapWith(Number);
}

/** How long computed recommendations are reused: new members and profile edits show within this time. */
export const RECOMMENDATION_TTL_MS = 10 * 60_000;

/** The member's cached recommendations read or filled, one at a time per member within this process. */
const recommendationFlights = new SingleFlight<string, MemberRecommendation[]>();

/**
 * The top eight members for the viewer, scored by the recommendation rules, excluding themselves and anyone they have a pending
 * or accepted connection with. Ranked in SQL; scores and reasons of the eight come from scoreMember(). Requests for the
 * same member at the same time share one read of the cache and, when it is cold or old, one computation; another
 * instance may compute the same member once more, and its upsert leaves one row either way.
 */
export function recommendMembers(db: Db, viewer: UserRow, now: Date): Promise<MemberRecommendation[]> {
  return recommendationFlights.run(viewer.id, () => cachedOrComputed(db, viewer, now));
}

async function cachedOrComputed(db: Db, viewer: UserRow, now: Date): Promise<MemberRecommendation[]> {
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

/**
 * Forgets members' cached recommendations (their connections changed). A computation already under way for one
 * of them still answers the requests waiting on it; requests from now on start their own.
 */
export async function forgetRecommendations(db: Db | Tx, userIds: string[]) {
  for (const id of userIds) recommendationFlights.forget(id);
  await db.delete(recommendationCache).where(inArray(recommendationCache.userId, userIds));
}

/** A text[] of the given values, each a parameter (the form a GIN index on the array column answers). */
const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The most index lookups one tier may combine; a tier that needs more (a viewer listing very many values) is skipped. */
const MAX_TIER_LOOKUPS = 24;

/** Every way to pick `k` of `items`, in order. */
function choose<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((first, i) => choose(items.slice(i + 1), k - 1).map((more) => [first, ...more]));
}

type TagColumn = typeof users.industries | typeof users.expertise;

/**
 * "The member's array holds at least `m` of `values`" as GIN lookups, with how many it takes: none for m = 0,
 * one overlap (&&) for m = 1, else one containment (@>) per m-subset; null when it cannot hold.
 */
function holdsAtLeast(column: TagColumn, values: string[], m: number): { where: SQL | undefined; lookups: number } | null {
  if (m > values.length) return null;
  if (m === 0) return { where: undefined, lookups: 0 };
  if (m === 1) return { where: sql`${column} && ${textArray(values)}`, lookups: 1 };
  const subsets = choose(values, m);
  return { where: or(...subsets.map((subset) => sql`${column} @> ${textArray(subset)}`)), lookups: subsets.length };
}

/**
 * Where the best eight are looked for, narrowest first, each with the highest score a member outside it can reach.
 * A member's score is what they share with the viewer (industries, expertise) plus at most `rest` from location,
 * experience and their own profile. Members sharing at least three, then two, then one of the viewer's industries
 * and expertise are found by the GIN indexes on those arrays; the last tier is every member. When a tier's eighth
 * best scores above `bestOutside`, nobody outside it can enter the eight, so the tier's answer is the answer.
 */
function candidateTiers(viewer: ScorableMember): Array<{ where: SQL | undefined; bestOutside: number }> {
  const industries = [...new Set(viewer.industries)];
  const expertise = [...new Set(viewer.expertise)];
  // everything scoreSql() adds besides shared values, at its most
  const rest =
    ((viewer.location ?? '').trim() ? W.location : 0) + (viewer.yearsExperience === null ? 0 : W.similarExperience) + W.cpPlus + W.leadership + W.completeProfile;
  // the most that sharing k of the viewer's values can score: the k weightiest
  const weights = [...industries.map(() => W.sharedIndustry), ...expertise.map(() => W.sharedExpertise)].sort((a, b) => b - a);
  const bestSharing = (k: number) => weights.slice(0, k).reduce((sum, w) => sum + w, 0);
  const tiers: Array<{ where: SQL | undefined; bestOutside: number }> = [];
  for (let k = Math.min(3, industries.length + expertise.length); k >= 1; k--) {
    // at least k shared in all = at least p industries and at least k - p expertise, for some p
    const ways = Array.from(
      { length: k + 1 },
      (_, p) => [holdsAtLeast(users.industries, industries, p), holdsAtLeast(users.expertise, expertise, k - p)] as const,
    ).filter((w): w is readonly [NonNullable<(typeof w)[0]>, NonNullable<(typeof w)[1]>] => w[0] !== null && w[1] !== null);
    if (ways.reduce((n, [a, b]) => n + a.lookups + b.lookups, 0) > MAX_TIER_LOOKUPS) continue;
    tiers.push({ where: or(...ways.map(([a, b]) => and(a.where, b.where))), bestOutside: bestSharing(k - 1) + rest });
  }
  tiers.push({ where: undefined, bestOutside: -Infinity });
  return tiers;
}

/**
 * The viewer's best eight, ranked in SQL over the narrowest candidate tier that is sure to hold them. Each tier is
 * one statement: the score is computed once per candidate in a narrow subquery (id, score) that keeps the top eight
 * in a bounded sort, and only those eight rows are read in full.
 */
async function computeRecommendations(db: Db, viewer: UserRow): Promise<MemberRecommendation[]> {
  const score = scoreSql(viewer);
  const connected = sql`array(
    select case when c.requester_user_id = ${viewer.id} then c.target_user_id else c.requester_user_id end
    from ${memberConnections} c
    where c.status in ('pending', 'accepted') and (c.requester_user_id = ${viewer.id} or c.target_user_id = ${viewer.id})
  )`;
  const rank = async (candidates: SQL | undefined) => {
    const top = db
      .select({ id: users.id, createdAt: users.createdAt, sqlScore: sql<number>`${score}`.as('sql_score') })
      .from(users)
      .where(and(listedMember, ne(users.id, viewer.id), sql`${users.id} <> all(${connected})`, candidates))
      .orderBy(sql`"sql_score" desc`, asc(users.createdAt), asc(users.id))
      .limit(MAX_RECOMMENDATIONS)
      .as('top');
    return db
      .select({ ...memberColumns, sqlScore: top.sqlScore })
      .from(top)
      .innerJoin(users, eq(users.id, top.id))
      .orderBy(sql`${top.sqlScore} desc`, asc(top.createdAt), asc(top.id));
  };
  let rows: Awaited<ReturnType<typeof rank>> = [];
  for (const tier of candidateTiers(viewer)) {
    rows = await rank(tier.where);
    if (rows.length === MAX_RECOMMENDATIONS && Number(rows[MAX_RECOMMENDATIONS - 1].sqlScore) > tier.bestOutside) break;
  }
  return rows
    .filter((r) => Number(r.sqlScore) > 0)
    .map(({ sqlScore: _ignored, ...m }) => ({ ...(m as Member), ...scoreMember(viewer, m as ScorableMember) }))
    .sort((a, b) => b.score - a.score);
}
