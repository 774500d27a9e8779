import { count, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportSchema, deletionRequestEnvelopeSchema } from '../../common/schemas/account.ts';
import { okSchema } from '../../common/schemas/profile.ts';
import { makeCeoMessage } from '../../server/db/factories/ceo-messages.ts';
import { makeGroupChannel, postChatMessage } from '../../server/db/factories/chat.ts';
import { makeEndorsement } from '../../server/db/factories/endorsements.ts';
import { makeEvent, registerMembers } from '../../server/db/factories/events.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { makeMentorProfile, makeMentorshipRequest } from '../../server/db/factories/mentoring.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { dataRegistry } from '../../server/features/data-registry.ts';
import type { PersonalColumn } from '../../server/features/data-types.ts';
import { calendarFeedTokens, domainEvents, recommendationCache, userOnboarding } from '../../server/db/schema/index.ts';
import { confirmedSignIn, privacyTestApp, settled } from '../helpers/account-privacy.ts';
import type { SignedIn, TestContext } from '../helpers/app.ts';

/**
 * Every column referencing a member (`users.id`) is declared by one feature's `data.ts`, with where its rows go in
 * the member's export and what erasure does to them; and the declarations hold: a member with data everywhere gets
 * every section, and after erasure only the columns declared kept (or anonymised) still name them.
 */

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await privacyTestApp();
  admin = await confirmedSignIn(ctx, { role: 'admin', firstName: 'Ada' });
});
afterAll(async () => {
  await ctx?.close();
});

const nameOf = (c: AnyPgColumn) => `${getTableName(c.table)}.${c.name}`;
const declared: Array<PersonalColumn & { feature: string }> = dataRegistry.flatMap((f) => f.personalTables.map((t) => ({ ...t, feature: f.feature })));
const sectionFiles = new Set(dataRegistry.flatMap((f) => f.sections.map((s) => s.file)));

/** Every `table.column` of the migrated database with a foreign key to users(id). */
async function userReferences(): Promise<string[]> {
  const result = await ctx.db.execute(sql`
    select kcu.table_name, kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.constraint_schema = tc.constraint_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and ccu.column_name = 'id' and tc.table_schema = current_schema()
    order by 1, 2`);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as Array<{ table_name: string; column_name: string }>;
  return rows.map((r) => `${r.table_name}.${r.column_name}`);
}

/** How many rows of the column's table name the member in it. */
async function rowsNaming(column: AnyPgColumn, userId: string): Promise<number> {
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(column.table as PgTable)
    .where(eq(column, userId));
  return n;
}

describe('the personal data registry', () => {
  it('declares every column referencing a member, with an export and an erase answer', async () => {
    const inDatabase = await userReferences();
    expect(inDatabase.length).toBeGreaterThan(40);
    const byName = new Map(declared.map((d) => [nameOf(d.column), d]));
    const problems: string[] = [];
    for (const name of inDatabase) {
      const d = byName.get(name);
      if (!d) {
        problems.push(`${name}: no feature declares it (add it to personalTables in server/features/<feature>/data.ts)`);
        continue;
      }
      if (!('file' in d ? sectionFiles.has(d.file) : d.notExported?.trim()))
        problems.push(`${name} (${d.feature}): no export answer (a section's file, or why it is not exported)`);
      if (!('erase' in d) || (d.erase === 'kept' && !d.reason?.trim()) || (d.erase === 'anonymised' && !d.how?.trim()))
        problems.push(`${name} (${d.feature}): no erase answer (deleted, nulled, anonymised with how, kept with why)`);
    }
    for (const name of byName.keys()) if (!inDatabase.includes(name)) problems.push(`${name}: declared, but no such reference to users(id) exists`);
    if (declared.length !== byName.size) problems.push('a column is declared twice');
    expect(problems, `personal data not declared:\n${problems.join('\n')}`).toEqual([]);
  });

  it('exports every declared section of a member with data everywhere, and erasure leaves only the kept rows naming them', async () => {
    const now = ctx.clock.now();
    const member = await confirmedSignIn(ctx, { firstName: 'Remy', lastName: 'Registry', expertise: ['Audit'] });
    const peer = await confirmedSignIn(ctx, { firstName: 'Pat', lastName: 'Peer', expertise: ['Tax'] });
    const m = member.user;
    const p = peer.user;

    await member.api.put('/api/notification-preferences', { body: { emailTypes: ['lead_updates'], emailFrequency: 'daily' } });
    await member.api.post('/api/push/subscriptions', {
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/registry', keys: { p256dh: `B${'r'.repeat(86)}`, auth: 'r'.repeat(22) } },
    });
    const prospect = await makeLead(ctx.db, { submitter: m, companyName: 'Registry Prospects Ltd', status: 'qualified', by: admin.user });
    expect((await member.api.post(`/api/leads/${prospect.id}/comments`, { body: { content: 'Registry question on my lead' } })).statusCode).toBe(201);
    await makeCommission(ctx.db, { partner: m, by: admin.user, companyName: 'Registry Won Ltd' });
    await member.api.put('/api/payout-details', { body: { method: 'bank', accountName: 'Remy Registry', sortCode: '089999', accountNumber: '66374958' } });
    await makePost(ctx.db, { author: m, title: 'Registry post', now });
    const reported = await makePost(ctx.db, { author: p, title: 'Registry reported post', now });
    expect((await member.api.post('/api/reports', { body: { targetType: 'post', targetId: reported.id, reason: 'Registry reason' } })).statusCode).toBe(201);
    await makeEndorsement(ctx.db, { from: m, to: p, skill: 'Tax', now });
    await makeEndorsement(ctx.db, { from: p, to: m, skill: 'Audit', now });
    await makeConnection(ctx.db, { from: m, to: p, status: 'accepted', now });
    await makeCeoMessage(ctx.db, { sender: m, subject: 'Registry hello', now });
    await makeMentorProfile(ctx.db, { user: m, now });
    await makeMentorProfile(ctx.db, { user: p, now });
    await makeMentorshipRequest(ctx.db, { mentee: p, mentor: m, now });
    await makeMentorshipRequest(ctx.db, { mentee: m, mentor: p, now });
    const past = await makeEvent(ctx.db, { organizer: admin.user, title: 'Registry breakfast', now: new Date(now.getTime() - 30 * 86_400_000) });
    await registerMembers(ctx.db, past.id, [m], new Date(now.getTime() - 30 * 86_400_000));
    const upcoming = await makeEvent(ctx.db, { organizer: admin.user, title: 'Registry dinner', now });
    await registerMembers(ctx.db, upcoming.id, [m], now);
    const group = await makeGroupChannel(ctx.db, { owner: m, name: 'Registry group', members: [p], now });
    await postChatMessage(ctx.db, m, group.id, 'Registry words', { at: now });
    for (const [contractor, client] of [
      [m, p],
      [p, m],
    ]) {
      const placement = await makePlacement(ctx.db, { by: admin.user, contractor, client, now });
      await makeTimesheet(ctx.db, { placement, contractor, weekStarting: '2026-03-09', units: [8], status: 'approved', decidedBy: client, now });
    }
    // rows the product makes along the way (a fact of their act, the introduction shown, a feed address, suggestions)
    await ctx.db.insert(domainEvents).values({ type: 'lead.created', entityType: 'lead', entityId: m.id, actorId: m.id, data: {}, occurredAt: now });
    await ctx.db.insert(userOnboarding).values({ userId: m.id }).onConflictDoNothing();
    await ctx.db
      .insert(calendarFeedTokens)
      .values({ userId: m.id, nonce: 'registry', tokenHash: `registry-${m.id}` })
      .onConflictDoNothing();
    await ctx.db.insert(recommendationCache).values({ userId: m.id, items: [], computedAt: now }).onConflictDoNothing();

    // the export: every declared section is there, and holds something
    const started = await member.api.postOk(dataExportSchema, '/api/data-exports', { status: 202 });
    const ready = await settled(member, started.id);
    const zip = unzipSync(new Uint8Array((await member.api.get(ready.downloadUrl!)).rawPayload));
    const readme = strFromU8(zip['README.txt']);
    for (const file of sectionFiles) {
      expect(Object.keys(zip), file).toContain(file);
      expect(readme, file).toContain(file);
      expect(['[]', 'null', '{}'], file).not.toContain(strFromU8(zip[file]).replace(/\s/g, ''));
    }

    const { request } = await member.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', { body: { confirm: 'DELETE' }, status: 201 });
    const before = new Map<string, number>();
    for (const d of declared) before.set(nameOf(d.column), await rowsNaming(d.column, m.id));
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} });

    const left: string[] = [];
    for (const d of declared) {
      if (d.erase === 'kept' || d.erase === 'anonymised') continue;
      const n = await rowsNaming(d.column, m.id);
      if (n > 0) left.push(`${nameOf(d.column)} (${d.erase}): ${n} rows still name the member`);
    }
    expect(left).toEqual([]);
    // the member had rows in the columns erasure deletes or nulls (the rest are administrators' or credentials' tables)
    const made = declared.filter((d) => (d.erase === 'deleted' || d.erase === 'nulled') && before.get(nameOf(d.column))! > 0).map((d) => nameOf(d.column));
    expect(made).toEqual(
      expect.arrayContaining([
        'sessions.user_id',
        'community_posts.author_id',
        'ceo_messages.sender_id',
        'data_exports.user_id',
        'mentor_profiles.user_id',
        'domain_events.actor_id',
        'calendar_feed_tokens.user_id',
        'user_onboarding.user_id',
        'recommendation_cache.user_id',
        'payout_details.user_id',
      ]),
    );
  });
});
