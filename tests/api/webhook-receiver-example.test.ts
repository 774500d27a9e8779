import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdApiTokenSchema } from '../../common/schemas/api-tokens.ts';
import { leadSchema } from '../../common/schemas/lead.ts';
import { webhookWithSecretSchema } from '../../common/schemas/webhooks.ts';
import { commissions } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';
import { confirmIdentity } from '../helpers/reauth.ts';

/**
 * The example receiver in examples/webhook-receiver, against a running server: registered as an endpoint, it verifies
 * what it is sent, reads each new lead back through the API with a leads:read token, and keeps a copy of the leads
 * and commissions that matches the server's.
 */

interface ReceiverStore {
  seen: string[];
  leads: Record<string, { id: string; status: string; company?: string; contact?: string; value?: string }>;
  commissions: Record<string, { id: string; leadId: string; amount: string; paid: boolean }>;
}
interface StartedReceiver {
  url: string;
  store: ReceiverStore;
  close(): Promise<void>;
}
type StartReceiver = (o: { secret: string; apiUrl: string; token: string; storePath: string; port: number }) => Promise<StartedReceiver>;

let ctx: TestContext;
let admin: SignedIn;
let partner: SignedIn;
let receiver: StartedReceiver;
let storePath: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: { webhooks: { allowLoopback: true }, jobs: { workers: false, pollingSeconds: 2 } } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  admin = await makeSignedIn(ctx, { role: 'admin' });
  partner = await makeSignedIn(ctx);
  await confirmIdentity(ctx.app, admin.cookie);
  const token = createdApiTokenSchema.parse((await admin.api.post('/api/admin/api-tokens', { body: { name: 'CRM sync', scopes: ['leads:read'] } })).json()).token;

  // the endpoint is registered first with a placeholder address, since the receiver needs its secret to start
  const hook = webhookWithSecretSchema.parse(
    (
      await admin.api.post('/api/admin/webhooks', {
        body: { url: 'http://127.0.0.1:9/pending', events: ['lead.created', 'lead.status_changed', 'lead.deleted', 'commission.created', 'commission.paid'] },
      })
    ).json(),
  );
  storePath = join(mkdtempSync(join(tmpdir(), 'cp-receiver-')), 'store.json');
  const modulePath = '../../examples/webhook-receiver/receiver.mjs';
  const { startReceiver } = (await import(modulePath)) as { startReceiver: StartReceiver };
  receiver = await startReceiver({ secret: hook.secret, apiUrl, token, storePath, port: 0 });
  expect((await admin.api.patch(`/api/admin/webhooks/${hook.id}`, { body: { url: receiver.url } })).statusCode).toBe(200);
});
afterAll(async () => {
  await receiver?.close();
  await ctx?.close();
});

const deliver = () => ctx.app.ctx.jobs.drain('webhook.deliver');

describe('the example webhook receiver', () => {
  it('keeps a copy of leads and commissions that matches the server', async () => {
    const lead = await partner.api.create(leadSchema, '/api/leads', {
      body: {
        leadType: 'advisory',
        companyName: 'Initech Ltd',
        industry: 'Technology',
        contactName: 'Bill Lumbergh',
        contactEmail: 'bill@initech.example',
        projectDescription: 'A finance transformation across three offices.',
        estimatedValue: '26100.00',
        urgency: 'medium',
        relationshipStrength: 'strong',
      },
    });
    await deliver();
    expect(receiver.store.leads[lead.id]).toMatchObject({ status: 'submitted', company: 'Initech Ltd', contact: 'Bill Lumbergh', value: '26100.00' });

    await admin.api.patchOk(leadSchema, `/api/leads/${lead.id}`, { body: { status: 'closed-won' } });
    await deliver();
    expect(receiver.store.leads[lead.id]!.status).toBe('closed-won');
    const [commission] = await ctx.db.select().from(commissions).where(eq(commissions.leadId, lead.id));
    expect(commission).toBeDefined();
    expect(receiver.store.commissions[commission!.id]).toMatchObject({ leadId: lead.id, amount: commission!.amount, paid: false });

    expect((await admin.api.post(`/api/admin/commissions/${commission!.id}/pay`)).statusCode).toBe(200);
    await deliver();
    expect(receiver.store.commissions[commission!.id]!.paid).toBe(true);

    // what it keeps is on disk, and a delivery it has seen is not applied twice
    const onDisk = JSON.parse(readFileSync(storePath, 'utf8')) as ReceiverStore;
    expect(onDisk.leads[lead.id]!.status).toBe('closed-won');
    expect(new Set(onDisk.seen).size).toBe(onDisk.seen.length);
    expect(onDisk.seen.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a delivery whose signature does not verify', async () => {
    const res = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,Zm9yZ2Vk',
      },
      body: JSON.stringify({ id: 'msg_forged', type: 'lead.deleted', timestamp: new Date().toISOString(), data: { leadId: Object.keys(receiver.store.leads)[0] } }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(receiver.store.leads)).toHaveLength(1);
  });
});
