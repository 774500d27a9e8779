import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdApiTokenSchema } from '../../common/schemas/api-tokens.ts';
import { leadSchema } from '../../common/schemas/lead.ts';
import { WEBHOOK_EVENT_TYPES, webhookEndpointListSchema, webhookEndpointSchema, webhookWithSecretSchema, type WebhookEventType } from '../../common/schemas/webhooks.ts';
import { webhookPayloadSchemas } from '../../common/webhooks/index.ts';
import { makeEvent } from '../../server/db/factories/events.ts';
import { makeCommission } from '../../server/db/factories/leads.ts';
import { makePayoutRun } from '../../server/db/factories/payouts.ts';
import { makePlacement, makeTimesheet } from '../../server/db/factories/timesheets.ts';
import { auditLog, users, webhookEndpoints } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, registration, type SignedIn, type TestContext } from '../helpers/app.ts';
import { confirmIdentity } from '../helpers/reauth.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/**
 * Webhooks as an integration sees them: an administrator registers a receiver, acts through the API, and the
 * receiver gets each event signed per Standard Webhooks, verified here with an independent library.
 */

let ctx: TestContext;
let admin: SignedIn;
let approver: SignedIn;
let partner: SignedIn;
let receiver: Receiver;

const deliverAll = () => ctx.app.ctx.jobs.drain('webhook.deliver');

async function register(who: SignedIn, events: readonly WebhookEventType[], path = '/hook') {
  return who.api.create(webhookWithSecretSchema, '/api/admin/webhooks', { body: { url: receiver.url(path), events, description: 'CRM' } });
}

beforeAll(async () => {
  ctx = await createTestApp({ config: { webhooks: { allowLoopback: true }, jobs: { workers: false, pollingSeconds: 2 } } });
  admin = await makeSignedIn(ctx, { role: 'admin' });
  approver = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx);
  for (const who of [admin, approver, partner]) await confirmIdentity(ctx.app, who.cookie, who.user.plainPassword);
  receiver = await startReceiver();
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

describe('endpoints', () => {
  it('shows the secret once, seals it, lists the endpoint without it, and audits the changes', async () => {
    const made = await register(admin, ['lead.created'], '/crud');
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made).toMatchObject({ events: ['lead.created'], description: 'CRM', enabled: true, failingSince: null, createdBy: { id: admin.user.id } });
    const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.id));
    expect(row!.secretSealed).not.toContain(made.secret.slice(6));

    const list = await admin.api.getOk(webhookEndpointListSchema, '/api/admin/webhooks');
    expect(list.items.map((e) => e.id)).toContain(made.id);
    expect(JSON.stringify(list)).not.toContain(made.secret);

    const changed = await admin.api.patchOk(webhookEndpointSchema, `/api/admin/webhooks/${made.id}`, {
      body: { events: ['lead.created', 'lead.deleted'], enabled: false },
    });
    expect(changed).toMatchObject({ events: ['lead.created', 'lead.deleted'], enabled: false });
    expect((await admin.api.delete(`/api/admin/webhooks/${made.id}`)).statusCode).toBe(204);
    expect((await admin.api.get(`/api/admin/webhooks/${made.id}`)).statusCode).toBe(404);

    const actions = (await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, made.id))).map((a) => a.action).sort();
    expect(actions).toEqual(['webhook.create', 'webhook.delete', 'webhook.update']);
  });

  it('refuses an unknown event type and an address that is not https (the test app admits only loopback http)', async () => {
    expect((await admin.api.post('/api/admin/webhooks', { body: { url: receiver.url(), events: ['lead.exploded'] } })).statusCode).toBe(400);
    expect((await admin.api.post('/api/admin/webhooks', { body: { url: 'ftp://example.com/x', events: ['lead.created'] } })).statusCode).toBe(400);
    expect((await admin.api.post('/api/admin/webhooks', { body: { url: 'http://10.0.0.5/hook', events: ['lead.created'] } })).statusCode).toBe(400);
  });

  it('is for administrators only: a partner gets 403, a token without webhooks:manage gets 403, one with it may read', async () => {
    expect((await partner.api.get('/api/admin/webhooks')).statusCode).toBe(403);
    expect((await partner.api.post('/api/admin/webhooks', { body: { url: receiver.url(), events: ['lead.created'] } })).statusCode).toBe(403);
    const token = async (scopes: string[]) =>
      createdApiTokenSchema.parse((await admin.api.post('/api/admin/api-tokens', { body: { name: `t ${scopes.join()}`, scopes } })).json()).token;
    const leadsOnly = await token(['leads:read']);
    const manager = await token(['webhooks:manage']);
    const asToken = (t: string, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { authorization: `Bearer ${t}` }, ...(payload ? { payload } : {}) });
    expect((await asToken(leadsOnly, 'GET', '/api/admin/webhooks')).statusCode).toBe(403);
    expect((await asToken(manager, 'GET', '/api/admin/webhooks')).statusCode).toBe(200);
    const made = await register(admin, ['lead.created'], '/tokens');
    expect((await asToken(leadsOnly, 'PATCH', `/api/admin/webhooks/${made.id}`, { description: 'x' })).statusCode).toBe(403);
    expect((await asToken(manager, 'PATCH', `/api/admin/webhooks/${made.id}`, { description: 'by token' })).statusCode).toBe(200);
    // adding, rotating and deleting: a person confirms their identity first; a token with the scope was confirmed when it was made
    const byToken = await asToken(manager, 'POST', '/api/admin/webhooks', { url: receiver.url('/by-token'), events: ['lead.created'] });
    expect(byToken.statusCode).toBe(201);
    const tokenMade = webhookWithSecretSchema.parse(byToken.json());
    expect(tokenMade.secret).toMatch(/^whsec_/);
    expect(webhookWithSecretSchema.parse((await asToken(manager, 'POST', `/api/admin/webhooks/${tokenMade.id}/rotate-secret`)).json()).secret).not.toBe(tokenMade.secret);
    expect((await asToken(leadsOnly, 'DELETE', `/api/admin/webhooks/${tokenMade.id}`)).statusCode).toBe(403);
    expect((await asToken(manager, 'DELETE', `/api/admin/webhooks/${tokenMade.id}`)).statusCode).toBe(204);
    const unconfirmed = await makeSignedIn(ctx, { role: 'admin' });
    const refused = await unconfirmed.api.post('/api/admin/webhooks', { body: { url: receiver.url('/x'), events: ['lead.created'] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('reauthentication_required');
    // a delivery log and a replay are the administrators' too
    expect((await partner.api.get(`/api/admin/webhooks/${made.id}/deliveries`)).statusCode).toBe(403);
    expect((await partner.api.post(`/api/admin/webhooks/${made.id}/test`)).statusCode).toBe(403);
    expect((await partner.api.post(`/api/admin/webhooks/deliveries/msg_abc/replay`)).statusCode).toBe(403);
    await admin.api.delete(`/api/admin/webhooks/${made.id}`);
  });
});

describe('every event type reaches a subscribed receiver, signed', () => {
  it('sends each event with its schema, verified with the endpoint secret by the standardwebhooks library', async () => {
    const hook = await register(admin, WEBHOOK_EVENT_TYPES, '/all');
    const other = await register(admin, ['timesheet.approved'], '/other');

    // through the API: a lead submitted, moved, won (a commission), deleted
    const lead = await partner.api.create(leadSchema, '/api/leads', {
      body: {
        leadType: 'advisory',
        estimatedValue: 26100,
        companyName: 'Globex Ltd',
        industry: 'Technology',
        contactName: 'Hank Scorpio',
        contactEmail: 'hank@globex.example',
        projectDescription: 'Needs an interim CTO for a platform migration.',
        urgency: 'high',
        relationshipStrength: 'strong',
      },
    });
    await admin.api.patchOk(leadSchema, `/api/leads/${lead.id}`, { body: { status: 'reviewing' } });
    expect((await admin.api.delete(`/api/leads/${lead.id}`)).statusCode).toBe(200);
    // an application, approved; another rejected
    const applied = async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: registration({ website: 'https://northwind.example' }) });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().user.id as string;
      await ctx.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, id));
      return id;
    };
    expect((await admin.api.post(`/api/admin/approve-application/${await applied()}`, { body: {} })).statusCode).toBe(200);
    const rejectRes = await admin.api.post(`/api/admin/reject-application/${await applied()}`, { body: { reason: 'other', notes: 'Not a fit' } });
    expect(rejectRes.statusCode, rejectRes.body).toBe(200);
    // an event registration, then its cancellation
    const event = await makeEvent(ctx.db, { organizer: admin.user, now: ctx.clock.now() });
    expect((await partner.api.post(`/api/events/${event.id}/register`, { body: {} })).statusCode).toBe(201);
    expect((await partner.api.delete(`/api/events/${event.id}/unregister`)).statusCode).toBe(200);
    // through the services the factories walk: a commission earned and paid, a timesheet submitted and approved
    await makeCommission(ctx.db, { partner: partner.user, by: admin.user, closedAt: ctx.clock.now(), paidAt: ctx.clock.now() });
    const contractor = await makeUser(ctx.db);
    const client = await makeUser(ctx.db);
    const placement = await makePlacement(ctx.db, { by: admin.user, contractor, client, startDate: '2026-06-01', endDate: '2026-07-31', now: ctx.clock.now() });
    await makeTimesheet(ctx.db, {
      placement,
      contractor,
      weekStarting: '2026-06-01',
      units: [1, 1, 1, 1, 1],
      status: 'approved',
      decidedBy: client,
      now: ctx.clock.now(),
    });
    // a payout run approved by a second administrator, then marked paid, through the API
    const UK = { method: 'bank', accountName: 'Priya Shah', sortCode: '089999', accountNumber: '66374958' } as const;
    const { run } = await makePayoutRun(ctx.db, ctx.config.payoutKey, {
      createdBy: admin.user.id,
      status: 'draft',
      periodEnd: '2026-05-31',
      lines: [{ partnerId: partner.user.id, account: UK, commissions: [{ amount: '500.00' }] }],
    });
    const approved = await approver.api.post(`/api/admin/payout-runs/${run.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = await approver.api.post(`/api/admin/payout-runs/${run.id}/mark-paid`, { body: { valueDate: '2026-06-15' } });
    expect(paid.statusCode, paid.body).toBe(200);

    await deliverAll();
    const got = receiver.received.filter((r) => r.path === '/all');
    const types = new Set(got.map((r) => JSON.parse(r.body).type as string));
    expect([...types].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const verifier = new Webhook(hook.secret);
    for (const r of got) {
      const body = JSON.parse(r.body) as { id: string; type: WebhookEventType };
      expect(() => webhookPayloadSchemas[body.type].parse(body), body.type).not.toThrow();
      expect(r.headers['webhook-id']).toBe(body.id);
      expect(r.headers['content-type']).toBe('application/json');
      expect(verifier.verify(r.body, r.headers as Record<string, string>)).toEqual(body);
      // another endpoint's secret does not verify it
      expect(() => new Webhook(other.secret).verify(r.body, r.headers as Record<string, string>)).toThrow();
    }
    const created = receiver.bodies('/all').find((b) => b.type === 'lead.created' && b.data.leadId === lead.id);
    expect(created?.data).toMatchObject({ submitterId: partner.user.id, status: 'submitted' });
    expect(receiver.bodies('/all').find((b) => b.type === 'lead.status_changed' && b.data.leadId === lead.id)?.data).toMatchObject({
      fromStatus: 'submitted',
      toStatus: 'reviewing',
    });
    // the other endpoint chose one type only
    expect(receiver.bodies('/other').map((b) => b.type)).toEqual(['timesheet.approved']);
    for (const id of [hook.id, other.id]) await admin.api.delete(`/api/admin/webhooks/${id}`);
  });
});

describe('rotating the secret', () => {
  it('signs with both secrets for a day, then with the new one only', async () => {
    const hook = await register(admin, ['lead.created'], '/rotate');
    const rotated = await admin.api.postOk(webhookWithSecretSchema, `/api/admin/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(rotated.previousSecretUntil).toBe(new Date(ctx.clock.now().getTime() + 86_400_000).toISOString());
    const send = async (who = admin) => {
      expect((await who.api.post(`/api/admin/webhooks/${hook.id}/test`)).statusCode).toBe(202);
      await deliverAll();
      return receiver.received.filter((r) => r.path === '/rotate').at(-1)!;
    };
    const during = await send();
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.secret).verify(during.body, during.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(hook.secret).verify(during.body, during.headers as Record<string, string>)).not.toThrow();

    ctx.clock.advance(86_400_000 + 60_000);
    // (the first administrator's session has gone idle meanwhile)
    const later = await makeSignedIn(ctx, { role: 'admin' });
    const after = await send(later);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(rotated.secret).verify(after.body, after.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(hook.secret).verify(after.body, after.headers as Record<string, string>)).toThrow();
    expect((await later.api.getOk(webhookEndpointSchema, `/api/admin/webhooks/${hook.id}`)).previousSecretUntil).toBe(rotated.previousSecretUntil);
  });
});

describe('the OpenAPI document', () => {
  it('publishes every event type, the test event included, with its body schema and signature headers', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      openapi: string;
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; parameters: { name: string }[] } }
      >;
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
    const created = doc.webhooks['lead.created']!.post;
    expect(Object.keys(created.requestBody.content['application/json']!.schema.properties).sort()).toEqual(['data', 'id', 'timestamp', 'type']);
    expect(created.parameters.map((p) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });
});
