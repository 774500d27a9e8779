import { and, arrayContains, eq } from 'drizzle-orm';
import { webhookTypeOf, type WebhookBody } from '../../../common/webhooks/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { newDeliveryId } from './signing.ts';

/**
 * Fan-out: a domain event integrations are told of becomes one delivery per enabled endpoint subscribed to its type,
 * each with its `webhook.deliver` job, all written in the act's transaction: a rolled-back act leaves neither a
 * delivery nor a job. The queue is the app's (set when the app registers the webhook jobs), since the recorder of
 * domain events is called deep inside services that hold only a transaction.
 */

export const DELIVER_JOB = 'webhook.deliver';

let queue: JobQueue | null = null;

/** Sets the queue deliveries are sent through (called once per app as it registers its jobs). */
export function useWebhookQueue(jobs: JobQueue): void {
  queue = jobs;
}

/** The queue, for the delivery worker and the routes' replays. */
export function webhookQueue(): JobQueue {
  if (!queue) throw new Error('webhook jobs are not registered');
  return queue;
}

export interface FannedEvent {
  domainEventId: string | null;
  type: string;
  entityType: string;
  entityId: string;
  data: unknown;
  at: Date;
}

/** Inserts a pending delivery of `body` and sends its job, in the same transaction. */
export async function enqueueDelivery(
  db: Db | Tx,
  endpointId: string,
  row: { id: string; type: string; entityType: string; entityId: string; domainEventId: string | null; body: WebhookBody; at: Date },
): Promise<void> {
  await db.insert(webhookDeliveries).values({
    id: row.id,
    endpointId,
    domainEventId: row.domainEventId,
    type: row.type,
    entityType: row.entityType,
    entityId: row.entityId,
    payload: row.body,
    createdAt: row.at,
  });
  await webhookQueue().send(DELIVER_JOB, { deliveryId: row.id }, { tx: db as Tx });
}

/** Writes the deliveries a domain event owes (none when no enabled endpoint chose its webhook type). */
export async function fanOutWebhooks(db: Db | Tx, event: FannedEvent): Promise<void> {
  const type = webhookTypeOf(event.type);
  if (!type) return;
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  for (const endpoint of endpoints) {
    const id = newDeliveryId();
    const body: WebhookBody = { id, type, timestamp: event.at.toISOString(), data: event.data };
    await enqueueDelivery(db, endpoint.id, { id, type, entityType: event.entityType, entityId: event.entityId, domainEventId: event.domainEventId, body, at: event.at });
  }
}

/**
 * The deliveries many facts of one act owe (a bulk import's), written in the act's transaction: the endpoints are
 * read once, and the deliveries and their jobs are written a chunk at a time. Nothing is written when no enabled
 * endpoint chose these types.
 */
export async function fanOutWebhookEvents(db: Db | Tx, events: readonly FannedEvent[]): Promise<void> {
  const typed = events.map((e) => ({ event: e, type: webhookTypeOf(e.type) })).filter((x) => x.type !== null);
  if (!typed.length) return;
  const endpoints = await db.select({ id: webhookEndpoints.id, events: webhookEndpoints.events }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));
  const rows = endpoints.flatMap((endpoint) =>
    typed
      .filter((x) => endpoint.events.includes(x.type!))
      .map(({ event, type }) => {
        const id = newDeliveryId();
        const body: WebhookBody = { id, type: type!, timestamp: event.at.toISOString(), data: event.data };
        return {
          id,
          endpointId: endpoint.id,
          domainEventId: event.domainEventId,
          type: type!,
          entityType: event.entityType,
          entityId: event.entityId,
          payload: body,
          createdAt: event.at,
        };
      }),
  );
  for (let i = 0; i < rows.length; i += 500) await db.insert(webhookDeliveries).values(rows.slice(i, i + 500));
  await webhookQueue().sendMany(
    DELIVER_JOB,
    rows.map((r) => ({ deliveryId: r.id })),
    { tx: db as Tx },
  );
}
