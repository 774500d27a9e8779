import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leadSchema } from '../../common/schemas/lead.ts';
import { webhookDeliveryPageSchema, webhookEndpointSchema, webhookWithSecretSchema, type WebhookEventType } from '../../common/schemas/webhooks.ts';
import { webhookDeliveries, webhookEndpoints } from '../../server/db/schema/index.ts';
import { isAllowedAddress, safePost, setResolverForTests } from '../../server/lib/safe-http.ts';
import { recordEvent } from '../../server/services/domain-events.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { confirmIdentity } from '../helpers/reauth.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';

/** Delivery: retries with the same webhook-id, order per record, nothing for a rolled-back act, SSRF refusals, auto-disable. */

let ctx: TestContext;
let admin: SignedIn;
let partner: SignedIn;
let receiver: Receiver;

const deliverAll = (c = ctx) => c.app.ctx.jobs.drain('webhook.deliver');
/** Makes every waiting retry due now (the queue's own wait starts at 30 s). */
const retriesDue = (c = ctx) => c.db.execute(sql`update pgboss.job set start_after = now() - interval '1 minute' where name = 'webhook.deliver' and state = 'retry'`);
const jobCount = async () =>
  Number(((await ctx.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'webhook.deliver'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

async function register(events: readonly WebhookEventType[], path: string, who = admin) {
  return who.api.create(webhookWithSecretSchema, '/api/admin/webhooks', { body: { url: receiver.url(path), events } });
}
const deliveries = (id: string, cursor?: string) =>
  admin.api.getOk(webhookDeliveryPageSchema, `/api/admin/webhooks/${id}/deliveries`, { query: cursor ? { cursor } : {} });
const testEvent = async (id: string) => {
  const res = await admin.api.post(`/api/admin/webhooks/${id}/test`);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().deliveryId as string;
};
const leadBody = (companyName: string) => ({
  leadType: 'advisory',
  estimatedValue: 26100,
  companyName,
  industry: 'Technology',
  contactName: 'Hank Scorpio',
  contactEmail: 'hank@globex.example',
  projectDescription: 'Needs an interim CTO for a platform migration.',
  urgency: 'high',
  relationshipStrength: 'strong',
});

beforeAll(async () => {
  ctx = await createTestApp({ config: { webhooks: { allowLoopback: true }, jobs: { workers: false, pollingSeconds: 2 } } });
  admin = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx);
  await confirmIdentity(ctx.app, admin.cookie, admin.user.plainPassword);
  receiver = await startReceiver();
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});
afterEach(() => {
  receiver.answers.length = 0;
});

describe('retries', () => {
  it('a receiver answering 500 then 200 gets the same webhook-id again, and the log shows both attempts', async () => {
    const hook = await register(['lead.created'], '/retry');
    receiver.answers.push({ status: 500 });
    const id = await testEvent(hook.id);
    await deliverAll();
    let page = await deliveries(hook.id);
    expect(page.items[0]).toMatchObject({ id, type: 'webhook.test', status: 'pending' });
    expect(page.items[0]!.attempts).toHaveLength(1);
    expect(page.items[0]!.attempts[0]).toMatchObject({ attempt: 1, statusCode: 500, error: 'The receiver answered 500.' });
    expect(page.items[0]!.attempts[0]!.response!.length).toBeLessThanOrEqual(1024);

    await retriesDue();
    await deliverAll();
    const got = receiver.received.filter((r) => r.path === '/retry');
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
    for (const r of got) expect(new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ id, type: 'webhook.test' });
    page = await deliveries(hook.id);
    expect(page.items[0]).toMatchObject({ id, status: 'succeeded' });
    expect(page.items[0]!.attempts.map((a) => a.statusCode)).toEqual([500, 200]);

    // a replay sends it once more, with the same id
    expect((await admin.api.post(`/api/admin/webhooks/deliveries/${id}/replay`)).statusCode).toBe(202);
    await deliverAll();
    expect(receiver.received.filter((r) => r.path === '/retry').map((r) => r.headers['webhook-id'])).toEqual([id, id, id]);
    expect((await admin.api.post('/api/admin/webhooks/deliveries/msg_nosuchdelivery/replay')).statusCode).toBe(404);
    await admin.api.delete(`/api/admin/webhooks/${hook.id}`);
  });

  it("keeps one lead's events in order while another lead's go through", async () => {
    const hook = await register(['lead.created', 'lead.status_changed'], '/order');
    receiver.answers.push({ status: 503 });
    const a = await partner.api.create(leadSchema, '/api/leads', { body: leadBody('Initech Ltd') });
    await admin.api.patchOk(leadSchema, `/api/leads/${a.id}`, { body: { status: 'reviewing' } });
    await deliverAll();
    // the first failed; the status change waits behind it
    expect(receiver.bodies('/order').map((b) => b.type)).toEqual(['lead.created']);
    const b = await partner.api.create(leadSchema, '/api/leads', { body: leadBody('Umbrella Ltd') });
    await deliverAll();
    expect(receiver.bodies('/order').map((x) => [x.type, x.data.leadId])).toEqual([
      ['lead.created', a.id],
      ['lead.created', b.id],
    ]);
    await retriesDue();
    await deliverAll();
    expect(receiver.bodies('/order').map((x) => [x.type, x.data.leadId])).toEqual([
      ['lead.created', a.id],
      ['lead.created', b.id],
      ['lead.created', a.id],
      ['lead.status_changed', a.id],
    ]);
    await admin.api.delete(`/api/admin/webhooks/${hook.id}`);
  });

  it('turns an endpoint off after a day of failures, fails what waits, and e-mails the administrators', async () => {
    const hook = await register(['lead.created'], '/down');
    receiver.answers.push({ status: 500 }, { status: 500 }, { status: 500 });
    await testEvent(hook.id);
    await deliverAll();
    const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id));
    expect(row!.failingSince).toEqual(ctx.clock.now());
    await ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(ctx.clock.now().getTime() - 25 * 3_600_000) })
      .where(eq(webhookEndpoints.id, hook.id));
    const sentBefore = ctx.mailer.sent.length;
    await retriesDue();
    await deliverAll();
    const off = await admin.api.getOk(webhookEndpointSchema, `/api/admin/webhooks/${hook.id}`);
    expect(off).toMatchObject({ enabled: false, disabledReason: 'Every delivery failed for 24 hours.' });
    expect((await deliveries(hook.id)).items.map((d) => d.status)).toEqual(['failed']);
    const mails = ctx.mailer.sent.slice(sentBefore);
    expect(mails.map((m) => m.to)).toContain(admin.user.email);
    expect(mails[0]!.text).toContain(receiver.url('/down'));
    expect((await admin.api.post(`/api/admin/webhooks/${hook.id}/test`)).statusCode).toBe(409);
    // turned back on, it starts afresh
    const on = await admin.api.patchOk(webhookEndpointSchema, `/api/admin/webhooks/${hook.id}`, { body: { enabled: true } });
    expect(on).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await admin.api.delete(`/api/admin/webhooks/${hook.id}`);
  });
});

describe('written with the act', () => {
  it('a rolled-back act leaves neither a delivery nor a job', async () => {
    const hook = await register(['lead.created'], '/rollback');
    const jobsBefore = await jobCount();
    const facts = { leadId: crypto.randomUUID(), submitterId: partner.user.id, status: 'submitted' as const, estimatedValue: '100.00', sourceEventId: null };
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordEvent(tx, 'lead.created', facts, { entityId: facts.leadId, at: ctx.clock.now() });
        throw new Error('the act failed');
      }),
    ).rejects.toThrow('the act failed');
    expect(await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))).toEqual([]);
    expect(await jobCount()).toBe(jobsBefore);
    await deliverAll();
    expect(receiver.received.filter((r) => r.path === '/rollback')).toEqual([]);

    // the same act committed: one delivery and one job
    await ctx.db.transaction((tx) => recordEvent(tx, 'lead.created', facts, { entityId: facts.leadId, at: ctx.clock.now() }));
    expect(await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))).toHaveLength(1);
    expect(await jobCount()).toBe(jobsBefore + 1);
    await deliverAll();
    expect(receiver.bodies('/rollback').map((b) => b.data.leadId)).toEqual([facts.leadId]);
    await admin.api.delete(`/api/admin/webhooks/${hook.id}`);
  });

  it('pages the delivery log newest first', async () => {
    const hook = await register(['lead.created'], '/log');
    const rows = Array.from({ length: 55 }, (_, i) => ({
      id: `msg_log${String(i).padStart(3, '0')}`,
      endpointId: hook.id,
      type: 'lead.created',
      entityType: 'lead',
      entityId: `lead-${i}`,
      payload: {},
      status: 'succeeded',
    }));
    for (const r of rows) await ctx.db.insert(webhookDeliveries).values(r);
    const first = await deliveries(hook.id);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.id).toBe('msg_log054');
    const second = await deliveries(hook.id, first.nextCursor!);
    expect(second.items.map((d) => d.id)).toEqual(['msg_log004', 'msg_log003', 'msg_log002', 'msg_log001', 'msg_log000']);
    expect(second.nextCursor).toBeNull();
    await admin.api.delete(`/api/admin/webhooks/${hook.id}`);
  });
});

describe('a receiver cannot reach inside the network', () => {
  it('a redirect is an answer, never followed', async () => {
    const hook = await register(['lead.created'], '/redirect');
    receiver.answers.push({ status: 302, location: receiver.url('/internal') });
    await testEvent(hook.id);
    await deliverAll();
    expect(receiver.received.filter((r) => r.path === '/internal')).toEqual([]);
    const [d] = (await deliveries(hook.id)).items;
    expect(d).toMatchObject({ status: 'pending' });
    expect(d!.attempts[0]).toMatchObject({ statusCode: 302, error: 'The receiver answered 302; redirects are not followed.' });
    await admin.api.delete(`/api/admin/webhooks/${hook.id}`);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/slow`;
    const started = Date.now();
    const failure = await safePost(url, '{}', {}, { allowLoopback: true, timeoutMs: 300 }).catch((e: Error & { cause?: Error }) => e);
    expect((failure as Error & { cause?: Error }).cause?.name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(5_000);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('classifies addresses: only public unicast is allowed', () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      'fe80::1',
      'fd00:ec2::254',
      '100.100.100.200',
      '0.0.0.0',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
    ]) {
      expect(isAllowedAddress(a, false), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '2606:4700::1111']) expect(isAllowedAddress(a, false), a).toBe(true);
  });

  describe('with loopback receivers not allowed (as in production)', () => {
    let prod: TestContext;
    let prodAdmin: SignedIn;
    beforeAll(async () => {
      prod = await createTestApp({ config: { jobs: { workers: false, pollingSeconds: 2 } } });
      prodAdmin = await makeSignedIn(prod, { role: 'admin' });
      await confirmIdentity(prod.app, prodAdmin.cookie, prodAdmin.user.plainPassword);
    });
    afterAll(async () => {
      setResolverForTests();
      await prod?.close();
    });

    it('refuses private, loopback and link-local addresses, localhost, http, credentials and odd ports at registration', async () => {
      for (const url of [
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://10.1.2.3/hook',
        'http://hooks.example.com/hook',
        'https://user:secret@hooks.example.com/hook',
        'https://hooks.example.com:22/hook',
        receiver.url('/never'),
      ]) {
        const res = await prodAdmin.api.post('/api/admin/webhooks', { body: { url, events: ['lead.created'] } });
        expect(res.statusCode, url).toBe(400);
      }
      // a name that does not resolve (yet) is accepted: it is checked at every delivery
      expect((await prodAdmin.api.post('/api/admin/webhooks', { body: { url: 'https://hooks.invalid-name.test/in', events: ['lead.created'] } })).statusCode).toBe(201);
    });

    it('never connects to a name resolving to a private address, even when only one of its addresses is', async () => {
      const hook = await prodAdmin.api.create(webhookWithSecretSchema, '/api/admin/webhooks', {
        body: { url: 'https://rebind.example.test/hook', events: ['lead.created'] },
      });
      const asked: string[] = [];
      for (const answer of [['127.0.0.1'], ['93.184.216.34', '10.0.0.7']]) {
        setResolverForTests((host, _o, cb) => {
          asked.push(host);
          cb(
            null,
            answer.map((address) => ({ address, family: 4 })),
          );
        });
        const res = await prodAdmin.api.post(`/api/admin/webhooks/${hook.id}/test`);
        expect(res.statusCode).toBe(202);
        await deliverAll(prod);
      }
      expect(asked).toEqual(['rebind.example.test', 'rebind.example.test']);
      const page = await prodAdmin.api.getOk(webhookDeliveryPageSchema, `/api/admin/webhooks/${hook.id}/deliveries`);
      expect(page.items.map((d) => d.status)).toEqual(['pending', 'pending']);
      for (const d of page.items) {
        expect(d.attempts).toHaveLength(1);
        expect(d.attempts[0]).toMatchObject({ statusCode: null });
        expect(d.attempts[0]!.error).toContain('does not resolve to a public address');
      }
      expect(receiver.received.filter((r) => r.path === '/hook' && r.headers['webhook-id'] === page.items[0]!.id)).toEqual([]);
    });
  });
});
