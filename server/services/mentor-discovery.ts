import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { MENTOR_MATCH_POINTS as P, scoreMentor, type MatchSeeker } from '../../common/rules/mentor-match.ts';
import type { MentorCard, MentorDiscoveryQuery } from '../../common/schemas/mentoring.ts';
import { pageOffset } from '../../common/schemas/page.ts';
import { cappedCount, type CappedTotal } from '../db/capped-count.ts';
import type { Db } from '../db/client.ts';
import { mentorProfiles, users } from '../db/schema/index.ts';
import { mentorListedSql } from '../policies/mentoring.ts';
import type { Actor } from '../policies/roles.ts';
import { presentMentorProfile, type MentorUser } from '../presenters/mentoring.ts';

/** The signed-in member as the mentoring services need them: who they are, their role, name and what they know. */
export type MentoringActor = Actor & { firstName: string; lastName: string; industries: string[]; expertise: string[] };

/** The mentor's member fields a profile is presented with. */
export const mentorUserColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  jobTitle: users.jobTitle,
  company: users.company,
  profilePicture: users.profilePicture,
} satisfies Record<keyof MentorUser, unknown>;

/** A member's list as scoring compares it: trimmed, lower case, each once, blanks dropped. */
const normalised = (list: readonly string[]) => [...new Set(list.map((s) => s.trim().toLowerCase()).filter(Boolean))];
const textArray = (list: string[]) =>
  list.length
    ? sql`array[${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
/** How many of a mentor's entries (trimmed, any case, each once) are in the member's normalised list. */
const sharedCount = (column: SQL | typeof mentorProfiles.industries, wanted: string[]) =>
  sql`(select count(distinct lower(btrim(x))) from unnest(${column}) as x where lower(btrim(x)) = any(${textArray(wanted)}))`;

/**
 * The match score of common/rules/mentor-match.ts written in SQL, so the database sorts and pages by it; the
 * page's rows are then scored again by scoreMentor() for their label and reasons (the API tests check both agree).
 */
function matchScoreSql(seeker: MatchSeeker): SQL<number> {
  const industries = normalised(seeker.industries);
  const expertise = normalised(seeker.expertise);
  return sql<number>`(
    least(${P.perSharedIndustry} * ${sharedCount(mentorProfiles.industries, industries)}, ${P.sharedIndustryCap})
    + case when ${mentorProfiles.yearsExperience} >= ${P.seniorYears} then ${P.seniorExperience}
           when ${mentorProfiles.yearsExperience} >= ${P.experiencedYears} then ${P.experienced} else 0 end
    + least(${P.perSharedSpecialization} * ${sharedCount(mentorProfiles.specializations, expertise)}, ${P.sharedSpecializationCap})
    + case when ${mentorProfiles.currentMentees} < ${mentorProfiles.maxMentees} then ${P.freePlace} else 0 end
    + case when ${mentorProfiles.rating} >= ${P.topRating} then ${P.topRatingPoints}
           when ${mentorProfiles.rating} >= ${P.goodRating} then ${P.goodRatingPoints} else 0 end
  )::int`.mapWith(Number);
}

/** The rows of a raw query, whichever driver ran it (PGlite or node-postgres). */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const listsEntry = (column: typeof mentorProfiles.specializations, value: string) =>
  sql`exists (select 1 from unnest(${column}) as x where lower(btrim(x)) = ${value.trim().toLowerCase()})`;

/**
 * Discover Mentors: active profiles of listed members other than the viewer, searched over the mentor's first and
 * last name, company and specializations, filtered by a specialization, an industry (either in any case) and
 * availability; scored for the viewer (their industries and expertise) and sorted by score, then name, in SQL.
 * Also the filter menus (every distinct specialization and industry of those mentors, one spelling per value in any case) and the count of them with
 * a free place, both over all discoverable mentors, not the filtered ones.
 */
export async function listMentors(db: Db, viewer: MentoringActor, q: MentorDiscoveryQuery) {
  const discoverable = and(eq(mentorProfiles.isActive, true), mentorListedSql, ne(mentorProfiles.userId, viewer.id))!;
  const filters: SQL[] = [discoverable];
  if (q.search) {
    const p = escapeLike(q.search);
    // each side reads trigram indexes (migration 0029): the members by first or last name (found through the full
    // name's index, which holds whatever either name holds) or company, the profiles by specialization
    const byMember = db
      .select({ id: users.id })
      .from(users)
      .where(or(and(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), or(ilike(users.firstName, p), ilike(users.lastName, p))), ilike(users.company, p)));
    const bySpecialization = db
      .select({ id: mentorProfiles.id })
      .from(mentorProfiles)
      .where(ilike(sql`specializations_text(${mentorProfiles.specializations})`, p));
    filters.push(or(inArray(mentorProfiles.userId, byMember), inArray(mentorProfiles.id, bySpecialization))!);
  }
  if (q.specialization) filters.push(listsEntry(mentorProfiles.specializations, q.specialization));
  if (q.industry) filters.push(listsEntry(mentorProfiles.industries, q.industry));
  if (q.availability === 'available') filters.push(sql`${mentorProfiles.currentMentees} < ${mentorProfiles.maxMentees}`);
  if (q.availability === 'full') filters.push(sql`${mentorProfiles.currentMentees} >= ${mentorProfiles.maxMentees}`);
  const where = and(...filters);
  const score = matchScoreSql(viewer);
  const distinctOf = (column: typeof mentorProfiles.industries) =>
    db.execute(
      sql`select min(btrim(x)) as v from ${mentorProfiles} inner join ${users} on ${users.id} = ${mentorProfiles.userId}, unnest(${column}) as x
          where ${discoverable} and btrim(x) <> '' group by lower(btrim(x)) order by 1`,
    );
  const [rows, { total, totalCapped }, [{ available }], specializations, industries] = await Promise.all([
    db
      .select({ p: mentorProfiles, u: mentorUserColumns, score })
      .from(mentorProfiles)
      .innerJoin(users, eq(users.id, mentorProfiles.userId))
      .where(where)
      .orderBy(desc(score), asc(users.firstName), asc(users.lastName), asc(mentorProfiles.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    // a search counts its matches up to the cap
    q.search
      ? cappedCount(db, db.select({ id: mentorProfiles.id }).from(mentorProfiles).innerJoin(users, eq(users.id, mentorProfiles.userId)).where(where).$dynamic())
      : db
          .select({ total: count() })
          .from(mentorProfiles)
          .innerJoin(users, eq(users.id, mentorProfiles.userId))
          .where(where)
          .then(([r]): CappedTotal => r),
    db
      .select({ available: count() })
      .from(mentorProfiles)
      .innerJoin(users, eq(users.id, mentorProfiles.userId))
      .where(and(discoverable, sql`${mentorProfiles.currentMentees} < ${mentorProfiles.maxMentees}`)),
    distinctOf(mentorProfiles.specializations),
    distinctOf(mentorProfiles.industries),
  ]);
  const items: MentorCard[] = rows.map((r) => ({ ...presentMentorProfile(viewer, r.p, r.u), match: scoreMentor(viewer, r.p) }));
  return {
    items,
    total,
    totalCapped,
    filters: { specializations: rowsOf<{ v: string }>(specializations).map((r) => r.v), industries: rowsOf<{ v: string }>(industries).map((r) => r.v) },
    availableCount: available,
  };
}
