import { and, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExportListSchema, dataExportSchema, type DataExport } from '../../common/schemas/account.ts';
import { makeEndorsement } from '../../server/db/factories/endorsements.ts';
import { makeCommission, makeLead } from '../../server/db/factories/leads.ts';
import { makeConnection } from '../../server/db/factories/members.ts';
import { makeMentorProfile, makeMentorshipRequest } from '../../server/db/factories/mentoring.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { communityPosts, dataExports, notifications } from '../../server/db/schema/index.ts';
import { DATA_EXPORT_BUILD_JOB, DATA_EXPORT_LIMITS, EXPORT_DAILY_LIMIT_MESSAGE } from '../../server/services/data-exports.ts';
import { confirmedSignIn, crossSite, mailTo, multipart, pdf, png, privacyTestApp, settled } from '../helpers/account-privacy.ts';
import { type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await privacyTestApp();
  admin = await confirmedSignIn(ctx, { role: 'admin', firstName: 'Ada' });
});
afterAll(async () => {
  await ctx?.close();
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
    // a placement where the owner is the contractor and the other member the client, with an approved week
    const placement = await makePlacement(ctx.db, { by: admin.user, contractor: owner.user, client: other.user, chargeRate: '100', payRate: '70', now: ctx.clock.now() });
    await makeTimesheet(ctx.db, {
      placement,
      contractor: owner.user,
      weekStarting: '2026-03-09',
      units: [8, 7.5],
      descriptions: ['Owner programme kick-off', 'Owner stakeholder interviews'],
      status: 'approved',
      decidedBy: other.user,
      now: ctx.clock.now(),
    });
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
    const mail = await mailTo(ctx, 'olivia.owner@members.example', /data export is ready/);
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
      'ceo-messages.json',
      'timesheets.json',
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
    // placements and timesheets, from the member's side: their own rate (the contractor's pay), the days they entered
    const work = json('timesheets.json');
    expect(work.placements).toEqual([expect.objectContaining({ role: 'contractor', contractor: 'Olivia Owner', client: 'Oscar Other', rate: '70.00', unit: 'hour' })]);
    expect(work.timesheets).toEqual([
      expect.objectContaining({
        placementId: work.placements[0].id,
        role: 'contractor',
        weekStarting: '2026-03-09',
        status: 'approved',
        totalUnits: '15.50',
        entries: [
          { date: '2026-03-09', units: '8.00', description: 'Owner programme kick-off' },
          { date: '2026-03-10', units: '7.50', description: 'Owner stakeholder interviews' },
        ],
      }),
    ]);
    expect(strFromU8(zip['README.txt'])).toMatch(/^timesheets\.json\s+your placements \(as contractor or client\) and their timesheets/m);
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

  it('marks an export a stopped process left pending as failed when the member asks again, and starts another', async () => {
    const member = await confirmedSignIn(ctx);
    const longAgo = new Date(ctx.clock.now().getTime() - DATA_EXPORT_LIMITS.staleMs - 60_000);
    const [lost] = await ctx.db.insert(dataExports).values({ userId: member.user.id, status: 'pending', createdAt: longAgo }).returning();
    const fresh = await member.api.postOk(dataExportSchema, '/api/data-exports', { status: 202 });
    expect(fresh.id).not.toBe(lost.id);
    const list = await member.api.getOk(dataExportListSchema, '/api/data-exports');
    expect(list.items.find((e) => e.id === lost.id)).toMatchObject({ status: 'failed', error: 'The export was interrupted. Please request a new one.' });
    await settled(member, fresh.id);
  });

  it('is built by its job, once: running the job again keeps the file and notifies no more', async () => {
    const member = await confirmedSignIn(ctx);
    const started = await member.api.postOk(dataExportSchema, '/api/data-exports', { status: 202 });
    await settled(member, started.id);
    const readyNotices = () =>
      ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.user.id), eq(notifications.type, 'data_export_ready')));
    const [built] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, started.id));
    expect(await readyNotices()).toHaveLength(1);

    const build = ctx.app.ctx.jobs.kinds.get(DATA_EXPORT_BUILD_JOB)!;
    await build.handler({ id: started.id }, { id: 'a-second-run', retryCount: 1 });
    const [after] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, started.id));
    expect(after).toEqual(built);
    expect(await ctx.app.ctx.storage.get(built.storageKey!)).not.toBeNull();
    expect(await readyNotices()).toHaveLength(1);
  });

  it('gives up on an export still pending an hour on, in the hourly sweep', async () => {
    const member = await confirmedSignIn(ctx);
    const twoHoursAgo = new Date(ctx.clock.now().getTime() - 2 * 3_600_000);
    const [lost] = await ctx.db.insert(dataExports).values({ userId: member.user.id, status: 'pending', createdAt: twoHoursAgo }).returning();
    await ctx.app.ctx.jobs.kinds.get('data-export.sweep')!.handler({}, { id: 'sweep', retryCount: 0 });
    const list = await member.api.getOk(dataExportListSchema, '/api/data-exports');
    expect(list.items.find((e) => e.id === lost.id)).toMatchObject({ status: 'failed', error: 'The export was interrupted. Please request a new one.' });
  });
});
