import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okSchema } from '../../common/schemas/profile.ts';
import { makeCeoMessage } from '../../server/db/factories/ceo-messages.ts';
import { makeEndorsement } from '../../server/db/factories/endorsements.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { makeMentorProfile, makeMentorshipRequest } from '../../server/db/factories/mentoring.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { adminUserSchema } from '../../common/schemas/admin.ts';
import { auditLog, memberApplications, notifications, outbox, pointTransactions } from '../../server/db/schema/index.ts';
import { requestDeletion } from '../../server/services/account-deletion.ts';
import { OUTBOX_RETENTION_DAYS, purgeOldOutbox } from '../../server/services/outbox.ts';
import { createTestApp, makeSignedIn, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';

/**
 * Erasing a member leaves nothing that names them in other people's hands: not the notifications their acts sent
 * to others (the CEO Contact copies in every admin's list, connection, endorsement and mentoring notices, their
 * deletion request), not the outbox's copies of mail to or about them, not their application's reviewer notes,
 * and not the titles in their point history.
 */

const DAY = 86_400_000;
let ctx: TestContext;
let admin: SignedIn;
let otherAdmin: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada' });
  otherAdmin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Otto' });
});
afterAll(async () => {
  await ctx?.close();
});

const noticesOf = (userId: string) => ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const mentions = (rows: Array<{ title: string; message: string }>, words: string) => rows.filter((n) => `${n.title} ${n.message}`.includes(words));

describe('confirming an erasure', () => {
  it('removes other members’ notifications about the member, the outbox’s copies, reviewer notes and titles in point reasons; keeps the rest', async () => {
    const leaver = await makeSignedIn(ctx, { firstName: 'Jamie', lastName: 'Okoro', email: 'jamie.okoro@members.example', expertise: ['Audit'] });
    const friend = await makeSignedIn(ctx, { firstName: 'Fran', lastName: 'Friend', expertise: ['Audit'] });
    const mentor = await makeSignedIn(ctx, { firstName: 'Mo', lastName: 'Mentor' });
    const now = new Date();

    await makeCeoMessage(ctx.db, { sender: leaver.user, subject: 'Confidential: my health', message: 'I am taking leave for treatment.', now });
    await makeConnection(ctx.db, { from: leaver.user, to: friend.user, now });
    await makeEndorsement(ctx.db, { from: leaver.user, to: friend.user, skill: 'Audit', now });
    await makeMentorProfile(ctx.db, { user: mentor.user, now });
    await makeMentorshipRequest(ctx.db, { mentee: leaver.user, mentor: mentor.user, now });
    await makePost(ctx.db, { author: leaver.user, title: 'My secret project', now });
    // a notification written before the actor was recorded, naming them
    await ctx.db.insert(notifications).values({ userId: friend.user.id, type: 'connection_request', title: 'Old notice', message: 'Jamie Okoro said hello.' });
    // something unrelated that must stay
    await ctx.db.insert(notifications).values({ userId: friend.user.id, type: 'connection_request', title: 'Keep me', message: 'Someone else said hello.' });
    await ctx.db
      .insert(memberApplications)
      .values({ userId: leaver.user.id, reviewerNotes: 'Spoke to their former employer: health leave in 2024.' })
      .onConflictDoUpdate({ target: memberApplications.userId, set: { reviewerNotes: 'Spoke to their former employer: health leave in 2024.' } });
    await ctx.db.insert(outbox).values([
      { to: 'jamie.okoro@members.example', subject: 'Welcome', text: 'Hello Jamie', transport: 'outbox', status: 'stored' },
      { to: 'JAMIE.OKORO@members.example', subject: 'Your digest', text: 'Three new things', transport: 'outbox', status: 'stored' },
      { to: 'fran@members.example', subject: 'New connection request', text: 'Jamie Okoro would like to connect with you.', transport: 'outbox', status: 'stored' },
      { to: 'ada@members.example', subject: 'CEO Contact', text: 'From jamie.okoro@members.example: a message', transport: 'outbox', status: 'stored' },
      { to: 'fran@members.example', subject: 'Unrelated', text: 'Nothing about them.', transport: 'outbox', status: 'stored' },
    ]);
    const request = await requestDeletion(ctx.db, leaver.user, { confirm: 'DELETE' }, now);

    // before: the name and the message are in every admin's list and in the others' notifications
    for (const a of [admin, otherAdmin]) {
      expect(mentions(await noticesOf(a.user.id), 'Jamie Okoro').length).toBeGreaterThanOrEqual(2);
      expect(mentions(await noticesOf(a.user.id), 'my health')).toHaveLength(1);
    }
    expect(mentions(await noticesOf(friend.user.id), 'Jamie Okoro').length).toBeGreaterThanOrEqual(3);
    expect(mentions(await noticesOf(mentor.user.id), 'Jamie Okoro')).toHaveLength(1);

    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request.id}/confirm`, { body: {} });

    for (const a of [admin, otherAdmin]) {
      const left = await noticesOf(a.user.id);
      expect(mentions(left, 'Jamie Okoro')).toEqual([]);
      expect(mentions(left, 'my health')).toEqual([]);
      expect(left.filter((n) => n.type === 'ceo_contact' || n.type === 'account_deletion')).toEqual([]);
    }
    const friendLeft = await noticesOf(friend.user.id);
    expect(mentions(friendLeft, 'Jamie')).toEqual([]);
    expect(friendLeft.map((n) => n.title)).toContain('Keep me');
    expect(mentions(await noticesOf(mentor.user.id), 'Jamie')).toEqual([]);

    const mail = await ctx.db.select().from(outbox);
    expect(mail.filter((m) => /jamie/i.test(`${m.to} ${m.subject} ${m.text}`))).toEqual([]);
    expect(mail.map((m) => m.subject)).toContain('Unrelated');

    const [application] = await ctx.db.select().from(memberApplications).where(eq(memberApplications.userId, leaver.user.id));
    expect(application.reviewerNotes).toBeNull();
    const points = await ctx.db.select().from(pointTransactions).where(eq(pointTransactions.userId, leaver.user.id));
    expect(points.map((p) => p.reason)).toContain('Community post');
    expect(points.filter((p) => p.reason.includes('secret'))).toEqual([]);
    expect((await reloadUser(ctx.db, leaver.user.id)).firstName).toBe('Deleted');
  });

  it('keeps in the audit log what was done to the account and which fields changed, not their values', async () => {
    const leaver = await makeSignedIn(ctx, { firstName: 'Robin', lastName: 'Vale' });
    // an administrator corrected their details: the audit entry holds the old and new values
    await admin.api.patchOk(adminUserSchema, `/api/users/${leaver.user.id}`, { body: { phoneNumber: '+44 20 7946 0999', jobTitle: 'Chief Risk Officer' } });
    const auditOf = () => ctx.db.select().from(auditLog).where(eq(auditLog.entityId, leaver.user.id));
    const [edit] = (await auditOf()).filter((a) => a.action === 'user.update');
    expect(edit.after).toMatchObject({ phoneNumber: '+44 20 7946 0999', jobTitle: 'Chief Risk Officer' });

    const request = await requestDeletion(ctx.db, leaver.user, { confirm: 'DELETE' }, new Date());
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request.id}/confirm`, { body: {} });

    const after = await auditOf();
    const erased = after.find((a) => a.id === edit.id)!;
    expect(erased.action).toBe('user.update');
    expect(erased.after).toEqual({ phoneNumber: null, jobTitle: null });
    expect(Object.keys(erased.before as object).sort()).toEqual(['jobTitle', 'phoneNumber']);
    expect(JSON.stringify(after)).not.toContain('7946 0999');
  });
});

describe('the outbox', () => {
  it(`keeps a copy for ${OUTBOX_RETENTION_DAYS} days, then the housekeeping deletes it`, async () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    await ctx.db.insert(outbox).values([
      { to: 'old@members.example', subject: 'Old', text: 'x', transport: 'outbox', status: 'stored', createdAt: at(OUTBOX_RETENTION_DAYS + 1) },
      { to: 'edge@members.example', subject: 'Edge', text: 'x', transport: 'outbox', status: 'stored', createdAt: at(OUTBOX_RETENTION_DAYS - 1) },
    ]);
    expect(await purgeOldOutbox(ctx.db, now)).toBeGreaterThanOrEqual(1);
    const subjects = (await ctx.db.select().from(outbox)).map((m) => m.subject);
    expect(subjects).not.toContain('Old');
    expect(subjects).toContain('Edge');
  });
});
