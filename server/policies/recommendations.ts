import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LEADERSHIP } from '../../common/rules/recommendations.ts';

/**
 * Member recommendations rank in SQL with the rules of common/rules/recommendations.ts. The rule of who reads as a
 * senior leader names a role, so its SQL form is built here, from the same LEADERSHIP list `isLeadershipProfile`
 * reads: changing the list changes both.
 */

/** SQL twin of `isLeadershipProfile` over a user row's role and job title (a word as `\m…\M`, a part as `ilike`). */
export function leadershipProfileSql(role: AnyColumn, jobTitle: AnyColumn): SQL {
  const conditions = [
    eq(role, LEADERSHIP.role),
    ...LEADERSHIP.titleWords.map((word) => sql`${jobTitle} ~* ${`\\m${word}\\M`}`),
    ...LEADERSHIP.titleParts.map((part) => sql`${jobTitle} ilike ${`%${part}%`}`),
  ];
  return sql`(${sql.join(conditions, sql` or `)})`;
}
