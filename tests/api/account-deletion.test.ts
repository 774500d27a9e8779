import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDeletionPageSchema, deletionRequestEnvelopeSchema } from '../../common/schemas/account.ts';
import { okSchema } from '../../common/schemas/profile.ts';
import { makeEndorsement } from '../../server/db/factories/endorsements.ts';
import { makeEvent, registerMembers } from '../../server/db/factories/events.ts';
import { makeCommission } from '../../server/db/factories/leads.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import {
  accountDeletionRequests,
  auditLog,
  chatChannelMembers,
  chatMessages,
  commissions,
  communityPosts,
  eventRegistrations,
  leads,
  notifications,
  pushSubscriptions,
  sessions,
  skillEndorsements,
  users,
} from '../../server/db/schema/index.ts';
import { deletedEmail } from '../../server/services/account-deletion.ts';
import { confirmedSignIn, crossSite, mailTo, multipart, pdf, png, privacyTestApp } from '../helpers/account-privacy.ts';
import { makeUser, openSession, registration, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let admin: SignedIn;
let master: SignedIn;

beforeAll(async () => {
  ctx = await privacyTestApp();
  admin = await confirmedSignIn(ctx, { role: 'admin', firstName: 'Ada' });
  master = await confirmedSignIn(ctx, { role: 'master-admin', firstName: 'Martha' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('account deletion', () => {
  it('asks the member to type DELETE or their e-mail, allows one pending request, and lets them cancel it', async () => {
    const member = await confirmedSignIn(ctx, { email: 'Casey.Cancel@members.example' });
    const wrong = await member.api.post('/api/account-deletion-request', { body: { confirm: 'delete please' } });
    expectError(wrong, 400, 'validation_failed');
    expect(wrong.json().error.issues[0]).toEqual({ path: 'confirm', message: 'Type DELETE or your e-mail address to confirm' });
    expect((await member.api.getOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request')).request).toBeNull();

    const made = await member.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', {
      body: { confirm: 'DELETE', reason: 'Moving on' },
      status: 201,
    });
    expect(made.request).toMatchObject({ status: 'pending', reason: 'Moving on' });
    expectError(await member.api.post('/api/account-deletion-request', { body: { confirm: 'DELETE' } }), 409, 'conflict');
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'account_deletion'), eq(notifications.entityId, made.request!.id)));
    expect(told.map((n) => n.userId)).toEqual(expect.arrayContaining([admin.user.id, master.user.id]));

    const cancelled = await member.api.deleteOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request');
    expect(cancelled.request).toMatchObject({ status: 'cancelled' });
    expectError(await member.api.delete('/api/account-deletion-request'), 404, 'not_found');
    // the e-mail address, in any case, confirms too
    const again = await member.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', {
      body: { confirm: 'casey.cancel@members.example' },
      status: 201,
    });
    expect(again.request?.status).toBe('pending');
    await member.api.deleteOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request');
  });

  it('refuses a master-admin’s request, a pending applicant, and a cross-site request', async () => {
    expectError(await master.api.post('/api/account-deletion-request', { body: { confirm: 'DELETE' } }), 403, 'forbidden');
    expect(await master.api.getOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request')).toEqual({ request: null, canRequest: false });
    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    expectError(await client(ctx.app, await openSession(ctx, pending.id)).post('/api/account-deletion-request', { body: { confirm: 'DELETE' } }), 403, 'forbidden');
    const member = await confirmedSignIn(ctx);
    expectError(await member.api.post('/api/account-deletion-request', { body: { confirm: 'DELETE' }, headers: crossSite }), 403, 'forbidden');
  });

  it('keeps the admin side for admins: a partner cannot list, confirm or decline (403)', async () => {
    const asker = await confirmedSignIn(ctx);
    const { request } = await asker.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', { body: { confirm: 'DELETE' }, status: 201 });
    const partner = await confirmedSignIn(ctx);
    expectError(await partner.api.get('/api/admin/account-deletion-requests'), 403, 'forbidden');
    expectError(await partner.api.post(`/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} }), 403, 'forbidden');
    expectError(await partner.api.post(`/api/admin/account-deletion-requests/${request!.id}/decline`, { body: {} }), 403, 'forbidden');
    // the asker themselves neither
    expectError(await asker.api.post(`/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} }), 403, 'forbidden');
    expectError(await admin.api.post(`/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {}, headers: crossSite }), 403, 'forbidden');
    expect((await reloadUser(ctx.db, asker.user.id)).anonymisedAt).toBeNull();
    await asker.api.deleteOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request');
  });

  it('lets only a master-admin confirm an admin’s request', async () => {
    const otherAdmin = await confirmedSignIn(ctx, { role: 'admin' });
    const { request } = await otherAdmin.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', { body: { confirm: 'DELETE' }, status: 201 });
    const page = await admin.api.getOk(adminDeletionPageSchema, '/api/admin/account-deletion-requests');
    expect(page.items.find((r) => r.id === request!.id)).toMatchObject({ userRole: 'admin', can: { confirm: false, decline: true } });
    expectError(await admin.api.post(`/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} }), 403, 'forbidden');
    await master.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} });
    expect((await reloadUser(ctx.db, otherAdmin.user.id)).anonymisedAt).not.toBeNull();
  });

  it('declining tells the member, by notification and e-mail, and is audited', async () => {
    const member = await confirmedSignIn(ctx, { email: 'dana.declined@members.example' });
    const { request } = await member.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', { body: { confirm: 'DELETE' }, status: 201 });
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request!.id}/decline`, { body: { note: 'You have unpaid commissions; we will call you.' } });
    expect((await member.api.getOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request')).request).toMatchObject({
      status: 'declined',
      decisionNote: 'You have unpaid commissions; we will call you.',
    });
    const [told] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.type, 'account_deletion')));
    expect(told.message).toContain('unpaid commissions');
    expect((await mailTo(ctx, 'dana.declined@members.example', /declined/)).text).toContain('was declined');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account_deletion.decline'), eq(auditLog.entityId, member.user.id)));
    expect(audit.actorId).toBe(admin.user.id);
    expectError(await admin.api.post(`/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} }), 409, 'conflict');
    expect((await reloadUser(ctx.db, member.user.id)).anonymisedAt).toBeNull();
  });

  it('confirming anonymises the account in one go: figures kept, content removed, no sign-in, e-mail free again', async () => {
    const storage = ctx.app.ctx.storage;
    const leaver = await confirmedSignIn(ctx, {
      firstName: 'Lena',
      lastName: 'Leaver',
      email: 'lena.leaver@members.example',
      phoneNumber: '+44 7700 900123',
      bio: 'A bio.',
    });
    const friend = await confirmedSignIn(ctx, { expertise: ['Audit'] });
    await leaver.api.post('/api/auth/upload-profile-picture', multipart('profilePicture', await png(), 'me.png', 'image/png'));
    await leaver.api.post('/api/auth/upload-cv', multipart('cv', pdf, 'cv.pdf', 'application/pdf'));
    await makeCommission(ctx.db, { partner: leaver.user, by: admin.user, companyName: 'Leaver Won Ltd', paidAt: new Date() });
    await makeCommission(ctx.db, { partner: leaver.user, by: admin.user, companyName: 'Leaver Second Ltd' });
    const post = await makePost(ctx.db, { author: leaver.user, title: 'Leaver post', image: await png(), storage });
    await makeEndorsement(ctx.db, { from: leaver.user, to: friend.user, skill: 'Audit' });
    await leaver.api.post('/api/push/subscriptions', {
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/leaver-phone', keys: { p256dh: `B${'l'.repeat(86)}`, auth: 'l'.repeat(22) } },
    });
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, leaver.user.id))).toHaveLength(1);
    const before = await reloadUser(ctx.db, leaver.user.id);
    const [postRow] = await ctx.db.select().from(communityPosts).where(eq(communityPosts.id, post.id));
    const sumOf = async () => {
      const total = sql<string>`coalesce(sum(${commissions.amount}), 0)::text`;
      const [mine] = await ctx.db.select({ s: total }).from(commissions).where(eq(commissions.partnerId, leaver.user.id));
      const [all] = await ctx.db.select({ s: total }).from(commissions);
      return { mine: mine.s, all: all.s };
    };
    const sumBefore = await sumOf();
    expect(Number(sumBefore.mine)).toBeGreaterThan(0);
    const leadCount = (await ctx.db.select().from(leads).where(eq(leads.submitterId, leaver.user.id))).length;

    const { request } = await leaver.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', {
      body: { confirm: 'DELETE', reason: 'Retiring' },
      status: 201,
    });
    const page = await admin.api.getOk(adminDeletionPageSchema, '/api/admin/account-deletion-requests');
    expect(page.items.find((r) => r.id === request!.id)).toMatchObject({
      userName: 'Lena Leaver',
      userEmail: 'lena.leaver@members.example',
      reason: 'Retiring',
      can: { confirm: true },
    });
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} });

    const after = await reloadUser(ctx.db, leaver.user.id);
    expect(after).toMatchObject({
      firstName: 'Deleted',
      lastName: 'member',
      email: deletedEmail(leaver.user.id),
      username: null,
      password: null,
      googleId: null,
      appleId: null,
      phoneNumber: null,
      bio: null,
      fullAddress: null,
      linkedinUrl: null,
      website: null,
      cvUrl: null,
      profilePicture: null,
      isActive: false,
    });
    expect(after.anonymisedAt).not.toBeNull();
    expect(after.removedAt).not.toBeNull();
    // figures stay: leads, commissions (rows untouched) and their sums
    expect(await sumOf()).toEqual(sumBefore);
    expect((await ctx.db.select().from(leads).where(eq(leads.submitterId, leaver.user.id))).length).toBe(leadCount);
    // content removed
    expect(await ctx.db.select().from(communityPosts).where(eq(communityPosts.authorId, leaver.user.id))).toEqual([]);
    expect(await ctx.db.select().from(skillEndorsements).where(eq(skillEndorsements.endorserId, leaver.user.id))).toEqual([]);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, leaver.user.id))).toEqual([]);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, leaver.user.id))).toEqual([]);
    // stored files removed
    expect(await storage.get(postRow.imageKey!)).toBeNull();
    expect(before.profilePicture).toBeTruthy();
    const pictureVersion = new URL(before.profilePicture!, 'http://x').searchParams.get('v');
    expect(await storage.get(`${pictureVersion}.w256`)).toBeNull();
    const cvVersion = new URL(before.cvUrl!, 'http://x').searchParams.get('v');
    expect(await storage.get(`${cvVersion}.pdf`)).toBeNull();
    // audited without personal data; the member told at the address they had
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.anonymise'), eq(auditLog.entityId, leaver.user.id)));
    expect(audit.actorId).toBe(admin.user.id);
    expect(JSON.stringify(audit)).not.toContain('lena.leaver');
    expect(ctx.mailer.sent.find((m) => m.to === 'lena.leaver@members.example' && m.subject.includes('has been deleted'))).toBeDefined();
    const [req] = await ctx.db.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.id, request!.id));
    expect(req).toMatchObject({ status: 'confirmed', decidedBy: admin.user.id, reason: null });

    // signed out at once, and no way back in
    expectError(await leaver.api.get('/api/auth/me'), 401, 'unauthorized');
    for (const username of [leaver.user.username!, 'lena.leaver@members.example']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: leaver.user.plainPassword } });
      expect(res.statusCode, username).toBe(401);
    }
    // the e-mail address (and username) are free to register again
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ email: 'lena.leaver@members.example', username: leaver.user.username }),
    });
    expect(again.statusCode, again.body).toBe(201);
    // gone from the admin's list of requests and from the users list
    expect((await admin.api.getOk(adminDeletionPageSchema, '/api/admin/account-deletion-requests')).items.find((r) => r.id === request!.id)).toBeUndefined();
    const listed = await admin.api.getJson('/api/users', { query: { search: 'Deleted member', pageSize: 100 } });
    expect(listed.items.map((u: { id: string }) => u.id)).not.toContain(leaver.user.id);
    const holders = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = 'lena.leaver@members.example'`);
    expect(holders).toHaveLength(1);
  });

  it('confirming gives up the member’s places at events still to come: the first on the waitlist is promoted and told', async () => {
    const leaver = await confirmedSignIn(ctx);
    const waiting = await confirmedSignIn(ctx, { email: 'wait.listed@members.example' });
    expect((await waiting.api.put('/api/notification-preferences', { body: { emailTypes: ['events'], emailFrequency: 'immediate' } })).statusCode).toBe(200);
    const now = new Date();
    const event = await makeEvent(ctx.db, { organizer: admin.user, title: 'Boardroom Breakfast', maxAttendees: 1, now });
    expect(await registerMembers(ctx.db, event.id, [leaver.user, waiting.user], now)).toEqual(['registered', 'waitlisted']);

    const { request } = await leaver.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', { body: { confirm: 'DELETE' }, status: 201 });
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} });

    const held = await ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(held.map((r) => [r.userId, r.status])).toEqual([[waiting.user.id, 'registered']]);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, waiting.user.id), eq(notifications.type, 'event_promoted')));
    expect(told).toHaveLength(1);
    expect((await mailTo(ctx, 'wait.listed@members.example', /Boardroom Breakfast/)).subject).toBe('You have a place: Boardroom Breakfast');
  });

  it('confirming deletes the member’s chat messages (words cleared) and takes them out of their groups, ownership handed on', async () => {
    const leaver = await confirmedSignIn(ctx);
    const stayer = await confirmedSignIn(ctx);
    await makeConnection(ctx.db, { from: leaver.user, to: stayer.user, status: 'accepted' });
    const group = (await leaver.api.post('/api/chat/channels', { body: { name: 'Leaver group', isPrivate: true } })).json();
    expect((await leaver.api.post(`/api/chat/channels/${group.id}/invite`, { body: { userId: stayer.user.id } })).statusCode).toBe(200);
    const dm = (await leaver.api.post('/api/chat/direct', { body: { userId: stayer.user.id } })).json();
    for (const id of [group.id, dm.id])
      expect((await leaver.api.post(`/api/chat/channels/${id}/messages`, { body: { content: 'Leaver chat words' } })).statusCode).toBe(201);

    const { request } = await leaver.api.postOk(deletionRequestEnvelopeSchema, '/api/account-deletion-request', { body: { confirm: 'DELETE' }, status: 201 });
    await admin.api.postOk(okSchema, `/api/admin/account-deletion-requests/${request!.id}/confirm`, { body: {} });

    const rows = await ctx.db.select().from(chatMessages).where(eq(chatMessages.senderId, leaver.user.id));
    expect(rows.map((r) => [r.content, r.isDeleted])).toEqual([
      ['', true],
      ['', true],
    ]);
    const groupMembers = await ctx.db.select().from(chatChannelMembers).where(eq(chatChannelMembers.channelId, group.id));
    expect(groupMembers.map((m) => [m.userId, m.role])).toEqual([[stayer.user.id, 'owner']]);
    // the direct conversation stays readable for the other member, under the deleted account's name
    const history = (await stayer.api.get(`/api/chat/channels/${dm.id}/messages`)).json();
    expect(history.items.map((m: { content: string; isDeleted: boolean }) => [m.content, m.isDeleted])).toEqual([['', true]]);
  });
});
