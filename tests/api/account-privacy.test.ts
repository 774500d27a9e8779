import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EMAIL_TYPES, NOTIFICATION_KINDS, emailCategoryOf } from '../../common/constants/notifications.ts';
import {
  adminDeletionPageSchema,
  dataExportListSchema,
  dataExportSchema,
  deletionRequestEnvelopeSchema,
  notificationPreferencesSchema,
  type DataExport,
} from '../../common/schemas/account.ts';
import { okSchema } from '../../common/schemas/profile.ts';
import { makeEndorsement } from '../../server/db/factories/endorsements.ts';
import { makeEvent, registerMembers } from '../../server/db/factories/events.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { makeMentorProfile, makeMentorshipRequest } from '../../server/db/factories/mentoring.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import {
  accountDeletionRequests,
  auditLog,
  chatChannelMembers,
  chatMessages,
  commissions,
  communityPosts,
  dataExports,
  eventRegistrations,
  leads,
  notifications,
  pushSubscriptions,
  sessions,
  skillEndorsements,
  users,
} from '../../server/db/schema/index.ts';
import { deletedEmail } from '../../server/services/account-deletion.ts';
import { DATA_EXPORT_LIMITS, EXPORT_DAILY_LIMIT_MESSAGE, recoverExports } from '../../server/services/data-exports.ts';
import { wantsEmail } from '../../server/services/notification-preferences.ts';
import { createTestApp, makeSignedIn, makeUser, openSession, registration, reloadUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';
import { confirmIdentity } from '../helpers/reauth.ts';

/** A member signed in who has just confirmed their identity, as the export and the deletion request need. */
async function confirmedSignIn(...args: Parameters<typeof makeSignedIn>): Promise<SignedIn> {
  const who = await makeSignedIn(...args);
  await confirmIdentity(args[0].app, who.cookie, who.user.plainPassword);
  return who;
}

const DAY = 86_400_000;
let ctx: TestContext;
let admin: SignedIn;
let master: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp({ config: { publicUrl: 'https://members.example', session: { idleMs: 30 * DAY, absoluteMs: 30 * DAY, cacheMs: 0 } } });
  admin = await confirmedSignIn(ctx, { role: 'admin', firstName: 'Ada' });
  master = await confirmedSignIn(ctx, { role: 'master-admin', firstName: 'Martha' });
});
/** The member's e-mail whose subject matches, once the notification's own e-mail has gone out (after the act, on the live bus). */
async function mailTo(email: string, subject: RegExp) {
  const find = () => ctx.mailer.sent.find((m) => m.to === email && subject.test(m.subject));
  await vi.waitFor(() => expect(find()).toBeDefined(), { timeout: 5_000, interval: 25 });
  return find()!;
}
afterAll(async () => {
  await ctx?.close();
});

const crossSite = { 'sec-fetch-site': 'cross-site' };

/** A multipart/form-data body with one file in the named field, as a browser sends it. */
function multipart(field: string, bytes: Buffer, filename: string, type: string) {
  const boundary = `----b${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const png = () =>
  sharp({ create: { width: 80, height: 80, channels: 3, background: { r: 20, g: 110, b: 190 } } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% my own CV\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** Waits until the background export is no longer pending and answers it. */
async function settled(who: SignedIn, id: string): Promise<DataExport> {
  for (let i = 0; i < 200; i++) {
    const list = await who.api.getOk(dataExportListSchema, '/api/data-exports');
    const found = list.items.find((e) => e.id === id);
    if (found && found.status !== 'pending') return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export stayed pending');
}

describe('e-mail notification preferences', () => {
  it('puts every notification kind in exactly one group', () => {
    for (const kind of NOTIFICATION_KINDS) expect(emailCategoryOf(kind), kind).not.toBeNull();
  });

  it('answers the defaults until the member chooses, then their choice; wantsEmail follows it', async () => {
    const member = await confirmedSignIn(ctx);
    const initial = await member.api.getOk(notificationPreferencesSchema, '/api/notification-preferences');
    expect(initial).toMatchObject({ emailTypes: DEFAULT_EMAIL_TYPES, emailFrequency: 'immediate', isDefault: true });
    expect(initial.available).not.toContain('ceo_contact');
    expect(initial.emailTypes).toEqual(['lead_updates', 'commissions', 'application_decisions', 'mentorship', 'timesheets', 'account']);
    expect(await wantsEmail(ctx.db, member.user.id, 'lead_status')).toBe('immediate');
    expect(await wantsEmail(ctx.db, member.user.id, 'commission_paid')).toBe('immediate');
    expect(await wantsEmail(ctx.db, member.user.id, 'endorsement')).toBe(false);
    expect(await wantsEmail(ctx.db, member.user.id, 'no_such_kind')).toBe(false);

    const saved = await member.api.putOk(notificationPreferencesSchema, '/api/notification-preferences', {
      body: { emailTypes: ['endorsements', 'lead_updates', 'endorsements'], emailFrequency: 'daily' },
    });
    // known groups in list order, duplicates dropped, the locked group always in
    expect(saved).toMatchObject({ emailTypes: ['lead_updates', 'endorsements', 'account'], emailFrequency: 'daily', isDefault: false });
    expect(await member.api.getOk(notificationPreferencesSchema, '/api/notification-preferences')).toEqual(saved);
    expect(await wantsEmail(ctx.db, member.user.id, 'lead_status')).toBe('daily');
    expect(await wantsEmail(ctx.db, member.user.id, 'endorsement')).toBe('daily');
    expect(await wantsEmail(ctx.db, member.user.id, 'commission_earned')).toBe(false);
    expect(await wantsEmail(ctx.db, member.user.id, 'mentorship_request')).toBe(false);
    // what the member asked for themselves is always sent, at once
    expect(await wantsEmail(ctx.db, member.user.id, 'data_export_ready')).toBe('immediate');

    // a group offered to administrators only is dropped for a partner, kept for an admin
    const partnerTry = await member.api.putOk(notificationPreferencesSchema, '/api/notification-preferences', {
      body: { emailTypes: ['ceo_contact'], emailFrequency: 'daily' },
    });
    expect(partnerTry.emailTypes).toEqual(['account']);
    const adminPrefs = await admin.api.putOk(notificationPreferencesSchema, '/api/notification-preferences', {
      body: { emailTypes: ['ceo_contact'], emailFrequency: 'immediate' },
    });
    expect(adminPrefs.available).toContain('ceo_contact');
    expect(adminPrefs.emailTypes).toEqual(['ceo_contact', 'account']);
    expect(await wantsEmail(ctx.db, admin.user.id, 'ceo_contact')).toBe('immediate');

    // an empty choice is a choice: nothing but the locked group
    const none = await member.api.putOk(notificationPreferencesSchema, '/api/notification-preferences', { body: { emailTypes: [], emailFrequency: 'immediate' } });
    expect(none.emailTypes).toEqual(['account']);
    expect(await wantsEmail(ctx.db, member.user.id, 'lead_status')).toBe(false);
  });

  it('refuses unknown types, a wrong frequency, extra fields, cross-site writes and non-members', async () => {
    const member = await confirmedSignIn(ctx);
    const unknown = await member.api.put('/api/notification-preferences', { body: { emailTypes: ['lead_updates', 'marketing'], emailFrequency: 'daily' } });
    expectError(unknown, 400, 'validation_failed');
    expect(unknown.json().error.issues[0]).toMatchObject({ path: 'emailTypes.1', message: 'Unknown notification type' });
    expectError(await member.api.put('/api/notification-preferences', { body: { emailTypes: [], emailFrequency: 'weekly' } }), 400, 'validation_failed');
    expectError(
      await member.api.put('/api/notification-preferences', { body: { emailTypes: [], emailFrequency: 'daily', userId: admin.user.id } }),
      400,
      'validation_failed',
    );
    expectError(
      await member.api.put('/api/notification-preferences', { body: { emailTypes: ['lead_updates'], emailFrequency: 'daily' }, headers: crossSite }),
      403,
      'forbidden',
    );
    expect((await member.api.getOk(notificationPreferencesSchema, '/api/notification-preferences')).isDefault).toBe(true);

    const pending = await makeUser(ctx.db, { accountStatus: 'pending' });
    const pendingApi = client(ctx.app, await openSession(ctx, pending.id));
    expectError(await pendingApi.get('/api/notification-preferences'), 403, 'forbidden');
    expectError(await client(ctx.app).get('/api/notification-preferences'), 401, 'unauthorized');
  });
});

describe('data export', () => {
  let owner: SignedIn;
  let other: SignedIn;
  let ready: DataExport;
  let zip: Record<string, Uint8Array>;

  beforeAll(async () => {
    owner = await confirmedSignIn(ctx, { firstName: 'Olivia', lastName: 'Owner', email: 'olivia.owner@members.example', expertise: ['Negotiation'] });
    other = await confirmedSignIn(ctx, { firstName: 'Oscar', lastName: 'Other', email: 'oscar.other@members.example', expertise: ['Tax'] });
    const storage = ctx.app.ctx.storage;
    expect((await owner.api.post('/api/auth/upload-profile-picture', multipart('profilePicture', await png(), 'me.png', 'image/png'))).statusCode).toBe(200);
    expect((await owner.api.post('/api/auth/upload-cv', multipart('cv', pdf, 'cv.pdf', 'application/pdf'))).statusCode).toBe(200);
    await makeLead(ctx.db, { submitter: owner.user, companyName: 'Owner Prospects Ltd', status: 'qualified', by: admin.user, notes: 'Looks promising' });
    await makeCommission(ctx.db, { partner: owner.user, by: admin.user, companyName: 'Owner Won Ltd' });
    await owner.api.post('/api/push/subscriptions', {
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/owner-secret-endpoint', keys: { p256dh: `B${'o'.repeat(86)}`, auth: 'o'.repeat(22) } },
      headers: { 'user-agent': 'Owner Phone Browser' },
    });
    await makePost(ctx.db, { author: owner.user, title: 'Owner post about referrals', image: await png(), storage });
    await makeEndorsement(ctx.db, { from: owner.user, to: other.user, skill: 'Tax' });
    await makeEndorsement(ctx.db, { from: other.user, to: owner.user, skill: 'Negotiation' });
    await makeConnection(ctx.db, { from: other.user, to: owner.user, status: 'accepted', message: 'Hello Olivia' });
    await makeMentorProfile(ctx.db, { user: owner.user });
    await makeMentorshipRequest(ctx.db, { mentee: other.user, mentor: owner.user, goalDescription: 'Oscar would like help with pricing advisory work.' });
    // the other member's own records, none of which may reach the owner's export
    await makeLead(ctx.db, { submitter: other.user, companyName: 'Zeta Confidential Holdings', contactEmail: 'secret.contact@zeta.example' });
    await makePost(ctx.db, { author: other.user, title: 'Oscar private musings post', image: await png(), storage });
    await makeCommission(ctx.db, { partner: other.user, by: admin.user, companyName: 'Oscar Won Ltd' });
    // a chat channel where both write: only the owner's own messages go in the export
    const chat = (await owner.api.post('/api/chat/channels', { body: { name: 'Owner chat room', isPrivate: false } })).json();
    expect((await other.api.post(`/api/chat/channels/${chat.id}/join`)).statusCode).toBe(200);
    expect((await owner.api.post(`/api/chat/channels/${chat.id}/messages`, { body: { content: 'Owner chat words' } })).statusCode).toBe(201);
    expect((await other.api.post(`/api/chat/channels/${chat.id}/messages`, { body: { content: 'Oscar confidential chat words' } })).statusCode).toBe(201);
  });

  it('starts an export (202), prepares it in the background, notifies and e-mails a link, and downloads it as a ZIP', async () => {
    const res = await owner.api.post('/api/data-exports');
    const started = dataExportSchema.parse(res.json());
    expect(res.statusCode).toBe(202);
    expect(started).toMatchObject({ status: 'pending', downloadUrl: null });
    ready = await settled(owner, started.id);
    expect(ready).toMatchObject({ status: 'ready', downloadUrl: `/api/data-exports/${started.id}/download` });
    expect(new Date(ready.expiresAt!).getTime() - new Date(ready.completedAt!).getTime()).toBe(DATA_EXPORT_LIMITS.validMs);

    const [told] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.type, 'data_export_ready')));
    expect(told).toMatchObject({ entityId: started.id, actionUrl: `/profile-settings?tab=preferences&export=${started.id}` });
    const mail = await mailTo('olivia.owner@members.example', /data export is ready/);
    expect(mail.text).toContain(`https://members.example/profile-settings?tab=preferences&export=${started.id}`);
    expect(mail.text).toContain('24 hours');
    // an answer to the member's own request: no unsubscribe
    expect(mail.headers).toBeUndefined();

    const download = await owner.api.get(ready.downloadUrl!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="data-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    zip = unzipSync(new Uint8Array(download.rawPayload));
  });

  it('holds the member’s own records and files', () => {
    const names = Object.keys(zip);
    for (const f of [
      'README.txt',
      'profile.json',
      'leads.json',
      'commissions.json',
      'community-posts.json',
      'endorsements.json',
      'connections.json',
      'mentoring.json',
      'events.json',
      'points.json',
      'notifications.json',
      'chat-messages.json',
    ]) {
      expect(names, f).toContain(f);
    }
    const json = (f: string) => JSON.parse(strFromU8(zip[f]));
    const profile = json('profile.json');
    expect(profile).toMatchObject({ id: owner.user.id, email: 'olivia.owner@members.example', firstName: 'Olivia', signInMethods: { password: true } });
    expect(JSON.stringify(profile)).not.toContain('$argon2');
    // the browsers taking pushes, never their push addresses or keys
    // and whether each is active, never when a push last reached it
    expect(profile.pushDevices).toEqual([{ browser: 'Owner Phone Browser', subscribedAt: expect.any(String), active: true }]);
    expect(JSON.stringify(profile)).not.toContain('owner-secret-endpoint');
    const leadList = json('leads.json') as Array<{ companyName: string; timeline: Array<{ toStatus: string | null; notes: string | null }> }>;
    expect(leadList.map((l) => l.companyName).sort()).toEqual(['Owner Prospects Ltd', 'Owner Won Ltd']);
    const prospect = leadList.find((l) => l.companyName === 'Owner Prospects Ltd')!;
    expect(prospect.timeline.map((t) => t.toStatus)).toEqual(['submitted', 'reviewing', 'qualified']);
    expect(prospect.timeline.at(-1)!.notes).toBe('Looks promising');
    expect(json('commissions.json')).toEqual([expect.objectContaining({ companyName: 'Owner Won Ltd', status: 'pending' })]);
    const posts = json('community-posts.json');
    expect(posts).toEqual([expect.objectContaining({ title: 'Owner post about referrals' })]);
    expect(names).toContain(posts[0].image);
    expect(json('endorsements.json')).toEqual({
      given: [expect.objectContaining({ to: 'Oscar Other', skill: 'Tax' })],
      received: [expect.objectContaining({ from: 'Oscar Other', skill: 'Negotiation' })],
    });
    expect(json('connections.json')).toEqual([expect.objectContaining({ with: 'Oscar Other', direction: 'received', status: 'accepted' })]);
    const mentoring = json('mentoring.json');
    expect(mentoring.mentorProfile).toMatchObject({ specializations: ['Strategic Planning'] });
    expect(mentoring.requestsReceived).toEqual([expect.objectContaining({ mentee: 'Oscar Other', status: 'pending' })]);
    expect(json('points.json').transactions.length).toBeGreaterThan(0);
    expect(json('notifications.json').length).toBeGreaterThan(0);
    expect(json('chat-messages.json')).toEqual([expect.objectContaining({ channel: 'Owner chat room', content: 'Owner chat words', isEdited: false })]);
    // the uploaded files, as stored
    expect(names).toEqual(expect.arrayContaining(['files/profile-picture.webp', 'files/cv.pdf']));
    expect(strFromU8(zip['files/cv.pdf'])).toContain('my own CV');
    expect(strFromU8(zip['files/profile-picture.webp'].slice(8, 12))).toBe('WEBP');
  });

  it('holds nothing of another member beyond their name', async () => {
    const everything = Object.values(zip)
      .map((b) => strFromU8(b, true))
      .join('\n');
    for (const secret of [
      'Zeta Confidential Holdings',
      'secret.contact@zeta.example',
      'Oscar private musings post',
      'Oscar confidential chat words',
      'Oscar Won Ltd',
      'oscar.other@members.example',
      other.user.id,
      other.user.username!,
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    const [otherPost] = await ctx.db.select().from(communityPosts).where(eq(communityPosts.authorId, other.user.id));
    expect(Object.keys(zip).some((n) => n.includes(otherPost.id))).toBe(false);
  });

  it('is downloadable by its owner only: another member, an admin and a signed-out caller get nothing', async () => {
    expectError(await other.api.get(ready.downloadUrl!), 404, 'not_found');
    expectError(await admin.api.get(ready.downloadUrl!), 404, 'not_found');
    expectError(await client(ctx.app).get(ready.downloadUrl!), 401, 'unauthorized');
    expectError(await owner.api.get(`/api/data-exports/${NO_SUCH_ID}/download`), 404, 'not_found');
    expectError(await owner.api.get('/api/data-exports/not-an-id/download'), 400, 'validation_failed');
    expect((await other.api.getOk(dataExportListSchema, '/api/data-exports')).items).toEqual([]);
    expectError(await owner.api.post('/api/data-exports', { headers: crossSite }), 403, 'forbidden');
  });

  it('answers the export being prepared instead of starting another, and allows three a day (429 after)', async () => {
    const member = await confirmedSignIn(ctx);
    const [pending] = await ctx.db.insert(dataExports).values({ userId: member.user.id, status: 'pending', createdAt: ctx.clock.now() }).returning();
    const again = await member.api.postOk(dataExportSchema, '/api/data-exports');
    expect(again).toMatchObject({ id: pending.id, status: 'pending' });
    expect(await ctx.db.select().from(dataExports).where(eq(dataExports.userId, member.user.id))).toHaveLength(1);
    await ctx.db.update(dataExports).set({ status: 'ready', expiresAt: ctx.clock.now() }).where(eq(dataExports.id, pending.id));

    for (let i = 0; i < 2; i++) {
      const made = await member.api.postOk(dataExportSchema, '/api/data-exports', { status: 202 });
      await settled(member, made.id);
    }
    const refused = await member.api.post('/api/data-exports');
    expectError(refused, 429, 'rate_limited');
    expect(refused.json().error.message).toBe(EXPORT_DAILY_LIMIT_MESSAGE);
    expect((await member.api.getOk(dataExportListSchema, '/api/data-exports')).remainingToday).toBe(0);
    ctx.clock.advance(24 * 3_600_000 + 60_000);
    expect((await member.api.getOk(dataExportListSchema, '/api/data-exports')).remainingToday).toBe(3);
    ctx.clock.advance(-(24 * 3_600_000 + 60_000));
  });

  it('expires after 24 hours: the download is gone (410) and the file is deleted when listing', async () => {
    const member = await confirmedSignIn(ctx);
    const made = await member.api.postOk(dataExportSchema, '/api/data-exports', { status: 202 });
    const done = await settled(member, made.id);
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, done.id));
    expect(await ctx.app.ctx.storage.get(row.storageKey!)).not.toBeNull();
    ctx.clock.advance(DATA_EXPORT_LIMITS.validMs + 1000);
    try {
      expectError(await member.api.get(done.downloadUrl!), 410, 'gone');
      const list = await member.api.getOk(dataExportListSchema, '/api/data-exports');
      expect(list.items.find((e) => e.id === done.id)).toMatchObject({ status: 'expired', downloadUrl: null });
      const [after] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, done.id));
      expect(after.storageKey).toBeNull();
      expect(await ctx.app.ctx.storage.get(row.storageKey!)).toBeNull();
      expectError(await member.api.get(done.downloadUrl!), 410, 'gone');
    } finally {
      ctx.clock.advance(-(DATA_EXPORT_LIMITS.validMs + 1000));
    }
  });

  it('at start marks exports a stopped process left pending as failed, so the member can start another', async () => {
    const member = await confirmedSignIn(ctx);
    const longAgo = new Date(ctx.clock.now().getTime() - DATA_EXPORT_LIMITS.staleMs - 60_000);
    const [lost] = await ctx.db.insert(dataExports).values({ userId: member.user.id, status: 'pending', createdAt: longAgo }).returning();
    await recoverExports({ db: ctx.db, storage: ctx.app.ctx.storage }, ctx.clock.now());
    const list = await member.api.getOk(dataExportListSchema, '/api/data-exports');
    expect(list.items.find((e) => e.id === lost.id)).toMatchObject({ status: 'failed', error: 'The export was interrupted. Please request a new one.' });
    expect(list.remainingToday).toBe(3);
    const fresh = await member.api.postOk(dataExportSchema, '/api/data-exports', { status: 202 });
    expect(fresh.id).not.toBe(lost.id);
    await settled(member, fresh.id);
  });
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
    expect((await mailTo('dana.declined@members.example', /declined/)).text).toContain('was declined');
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
    expect((await mailTo('wait.listed@members.example', /Boardroom Breakfast/)).subject).toBe('You have a place: Boardroom Breakfast');
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
