import { domainEventSchemas, type DomainEventData, type DomainEventType } from '../../common/events/index.ts';
import type { DomainEventSchemas } from '../../common/events/types.ts';
import type { Db, Tx } from '../db/client.ts';
import { domainEvents } from '../db/schema/index.ts';
import { fanOutWebhooks } from '../features/webhooks/fan-out.ts';

export interface DomainEventMeta {
  /** The record the fact is about (its type is the event's entity type). */
  entityId: string;
  /** Who acted; none for the product's own work (a reminder, a sweep). */
  actorId?: string | null;
  /** The act's own clock, so test clocks and back-dated demo data agree. */
  at: Date;
}

/**
 * Records one fact of what happened, inside the transaction of the act (so it exists exactly when the act
 * committed). Its data is checked against the type's schema first: a fact that does not match is a bug, and the
 * act fails with it rather than publishing something integrations cannot read.
 */
export async function recordEvent<T extends DomainEventType>(db: Db | Tx, type: T, data: DomainEventData<T>, meta: DomainEventMeta): Promise<void> {
  const def = (domainEventSchemas as DomainEventSchemas)[type as keyof DomainEventSchemas];
  const checked = def.schema.parse(data);
  const [row] = await db
    .insert(domainEvents)
    .values({ type, entityType: def.entityType, entityId: meta.entityId, actorId: meta.actorId ?? null, data: checked, occurredAt: meta.at })
    .returning({ id: domainEvents.id });
  // integrations subscribed to it get a delivery, written in the same transaction
  await fanOutWebhooks(db, { domainEventId: row!.id, type, entityType: def.entityType, entityId: meta.entityId, data: checked, at: meta.at });
}
