import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { LEADERSHIP } from '../../common/rules/recommendations.ts';
import { users } from '../db/schema/index.ts';
import { leadershipProfileSql } from './recommendations.ts';

describe('the leadership rule in SQL', () => {
  it('is built from the same LEADERSHIP list as isLeadershipProfile: the owner role, whole title words, title parts', () => {
    const q = new PgDialect().sqlToQuery(leadershipProfileSql(users.role, users.jobTitle));
    expect(q.sql).toBe('("users"."role" = $1 or "users"."job_title" ~* $2 or "users"."job_title" ilike $3)');
    expect(q.params).toEqual([LEADERSHIP.role, ...LEADERSHIP.titleWords.map((w) => `\\m${w}\\M`), ...LEADERSHIP.titleParts.map((p) => `%${p}%`)]);
  });
});
