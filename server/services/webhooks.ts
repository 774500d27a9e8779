import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type {
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEventType,
  WebhookWithSecret,
} from '../../common/schemas/webhooks.ts';
import { WEBHOOK_TEST_TYPE, type WebhookBody } from '../../common/webhooks/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema/index.ts';
import { SECRET_PURPOSE } from '../features/webhooks/delivery.ts';
import { DELIVER_JOB, enqueueDelivery } from '../features/webhooks/fan-out.ts';
import { newDeliveryId, newWebhookSecret } from '../features/webhooks/signing.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { refusedUrlReason } from '../lib/safe-http.ts';
import { sealSecret } from '../lib/secret-box.ts';
import { authorize } from '../policies/authorize.ts';
import type { Actor } from '../policies/roles.ts';
import { WEBHOOK_MESSAGES, webhookPermission } from '../policies/webhooks.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';

/**
 * Webhook endpoints and their delivery log (docs/decisions/0043-queue-webhooks-and-api-tokens.md). The signing
 * secret is shown once, when an endpoint is made or its secret rotated, and kept sealed; a rotation keeps the
 * previous secret signing for a day. Changes are audited without the secret.
 */

export interface WebhookDeps {
  db: Db;
  config: Config;
  now: () => Date;
  jobs: JobQueue;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A day during which the previous secret still signs. */
const ROTATION_OVERLAP_MS = 86_400_000;
const DELIVERY_PAGE = 50;

const creatorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

function present(row: EndpointRow, name: string | null): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    previousSecretUntil: iso(row.previousSecretUntil),
    createdAt: iso(row.createdAt)!,
    createdBy: row.createdBy ? { id: row.createdBy, name: name ?? 'Deleted member' } : null,
  };
}

const audited = (row: Pick<EndpointRow, 'url' | 'events' | 'description' | 'enabled'>) => ({
  url: row.url,
  events: row.events.join(', '),
  description: row.description,
  enabled: row.enabled,
});

function checkUrl(config: Config, url: string) {
  const refused = refusedUrlReason(url, config.webhooks.allowLoopback);
  if (refused) throw new AppError('validation_failed', refused, { issues: [{ path: 'url', message: refused }] });
}

async function load(db: Db, id: string): Promise<WebhookEndpoint> {
  const [row] = await db
    .select({ endpoint: webhookEndpoints, name: creatorName })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(eq(webhookEndpoints.id, id));
  if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  return present(row.endpoint, row.name);
}

/** Every endpoint, newest first; never a secret. */
export async function listWebhooks(db: Db, actor: Actor): Promise<{ items: WebhookEndpoint[] }> {
  authorize(webhookPermission(actor));
  const rows = await db
    .select({ endpoint: webhookEndpoints, name: creatorName })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(200);
  return { items: rows.map((r) => present(r.endpoint, r.name)) };
}

export async function getWebhook(db: Db, actor: Actor, id: string): Promise<WebhookEndpoint> {
  authorize(webhookPermission(actor));
  return load(db, id);
}

/** Registers an endpoint; the answer carries its signing secret, the only time it is shown. */
export async function createWebhook(deps: WebhookDeps, actor: Actor, input: CreateWebhookInput): Promise<WebhookWithSecret> {
  authorize(webhookPermission(actor));
  checkUrl(deps.config, input.url);
  const now = deps.now();
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        events: [...input.events],
        description: input.description ?? '',
        secretSealed: sealSecret(deps.config.sessionSecret, SECRET_PURPOSE, secret),
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'webhook.create', entityType: 'webhook_endpoint', entityId: created!.id, after: audited(created!), at: now });
    return created!;
  });
  return { ...(await load(deps.db, row.id)), secret };
}

/** Changes an endpoint's address, events, description or whether it is on; turning it on clears the failure marks. */
export async function updateWebhook(deps: WebhookDeps, actor: Actor, id: string, input: UpdateWebhookInput): Promise<WebhookEndpoint> {
  authorize(webhookPermission(actor));
  if (input.url !== undefined) checkUrl(deps.config, input.url);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
    const turnedOn = input.enabled === true && !row.enabled;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...input.events] } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(turnedOn ? { disabledReason: null, failingSince: null } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'webhook.update',
      entityType: 'webhook_endpoint',
      entityId: id,
      before: audited(row),
      after: audited(updated!),
      at: now,
    });
  });
  return load(deps.db, id);
}

/** Removes an endpoint with its deliveries and their attempts. */
export async function deleteWebhook(deps: WebhookDeps, actor: Actor, id: string): Promise<void> {
  authorize(webhookPermission(actor));
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
    await recordAudit(tx, { actorId: actor.id, action: 'webhook.delete', entityType: 'webhook_endpoint', entityId: id, before: audited(row), at: now });
  });
}

/** A new signing secret, shown once; the previous one keeps signing for a day so receivers can switch over. */
export async function rotateWebhookSecret(deps: WebhookDeps, actor: Actor, id: string): Promise<WebhookWithSecret> {
  authorize(webhookPermission(actor));
  const now = deps.now();
  const secret = newWebhookSecret();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
    const until = new Date(now.getTime() + ROTATION_OVERLAP_MS);
    await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: sealSecret(deps.config.sessionSecret, SECRET_PURPOSE, secret),
        previousSecretSealed: row.secretSealed,
        previousSecretUntil: until,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'webhook.rotate_secret',
      entityType: 'webhook_endpoint',
      entityId: id,
      after: { previousSecretUntil: iso(until) },
      at: now,
    });
  });
  return { ...(await load(deps.db, id)), secret };
}

/** Sends a `webhook.test` event to this endpoint only. */
export async function sendTestEvent(deps: WebhookDeps, actor: Actor, id: string): Promise<{ deliveryId: string }> {
  authorize(webhookPermission(actor));
  const now = deps.now();
  const deliveryId = newDeliveryId();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
    if (!row.enabled) throw new AppError('conflict', WEBHOOK_MESSAGES.disabled);
    const body: WebhookBody = {
      id: deliveryId,
      type: WEBHOOK_TEST_TYPE,
      timestamp: now.toISOString(),
      data: { endpointId: id, message: 'A test event sent from the Admin Panel.' },
    };
    // a test stands alone: its own record, so it never waits behind the endpoint's other deliveries
    await enqueueDelivery(tx, id, { id: deliveryId, type: WEBHOOK_TEST_TYPE, entityType: 'webhook_test', entityId: deliveryId, domainEventId: null, body, at: now });
  });
  return { deliveryId };
}

/** A page of an endpoint's deliveries, newest first, each with its attempts; `cursor` is the previous page's `nextCursor`. */
export async function listDeliveries(db: Db, actor: Actor, id: string, cursor: string | undefined): Promise<WebhookDeliveryPage> {
  authorize(webhookPermission(actor));
  await load(db, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), cursor ? lt(webhookDeliveries.seq, Number(cursor)) : undefined))
    .orderBy(desc(webhookDeliveries.seq))
    .limit(DELIVERY_PAGE + 1);
  const page = rows.slice(0, DELIVERY_PAGE);
  const attempts = page.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            page.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.attempt)
    : [];
  const items: WebhookDelivery[] = page.map((r) => ({
    id: r.id,
    type: r.type,
    status: r.status as WebhookDelivery['status'],
    attempts: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({ attempt: a.attempt, at: iso(a.at)!, statusCode: a.statusCode, durationMs: a.durationMs, error: a.error, response: a.responseExcerpt })),
    createdAt: iso(r.createdAt)!,
    finishedAt: iso(r.finishedAt),
  }));
  return { items, nextCursor: rows.length > DELIVERY_PAGE ? String(page.at(-1)!.seq) : null };
}

/** Sends a delivery again, with the same `webhook-id`: a new job for it, as if it had never finished. */
export async function replayDelivery(deps: WebhookDeps, actor: Actor, deliveryId: string): Promise<void> {
  authorize(webhookPermission(actor));
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: webhookDeliveries.id, enabled: webhookEndpoints.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .for('update', { of: webhookDeliveries });
    if (!row) throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
    if (!row.enabled) throw new AppError('conflict', WEBHOOK_MESSAGES.disabled);
    await tx.update(webhookDeliveries).set({ status: 'pending', finishedAt: null, lockedUntil: null }).where(eq(webhookDeliveries.id, deliveryId));
    await deps.jobs.send(DELIVER_JOB, { deliveryId }, { tx });
  });
}
