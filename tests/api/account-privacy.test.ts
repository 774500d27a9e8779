import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TYPES, NOTIFICATION_KINDS, emailCategoryOf } from '../../common/constants/notifications.ts';
import { notificationPreferencesSchema } from '../../common/schemas/account.ts';
import { wantsEmail } from '../../server/services/notification-preferences.ts';
import { confirmedSignIn, crossSite, privacyTestApp } from '../helpers/account-privacy.ts';
import { makeUser, openSession, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await privacyTestApp();
  admin = await confirmedSignIn(ctx, { role: 'admin', firstName: 'Ada' });
});
afterAll(async () => {
  await ctx?.close();
});

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
