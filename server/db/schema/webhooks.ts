import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { domainEvents } from './domain-events.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Webhook endpoints (docs/decisions/0043-queue-webhooks-and-api-tokens.md): an https address an administrator
 * registered, the events it receives, and its signing secret, kept sealed because it must be read to sign. After a
 * rotation the previous secret signs too until `previous_secret_until`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: ts('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Since when every attempt has failed; null after a success. A day of it turns the endpoint off. */
    failingSince: ts('failing_since'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_created_idx').on(t.createdAt.desc(), t.id), index('webhook_endpoints_created_by_idx').on(t.createdBy)],
);

/**
 * One event for one endpoint. Its id (`msg_…`) is the `webhook-id` header, the same on every retry and replay;
 * `seq` orders deliveries, and `entity_type`/`entity_id` name the record, so one record's events go out in order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    domainEventId: uuid('domain_event_id').references(() => domainEvents.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    payload: jsonb('payload').notNull(),
    /** 'pending' | 'succeeded' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Claimed by a worker until then, so one delivery is never attempted twice at once. */
    lockedUntil: ts('locked_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_seq_idx').on(t.seq),
    index('webhook_deliveries_endpoint_seq_idx').on(t.endpointId, t.seq.desc()),
    index('webhook_deliveries_pending_idx')
      .on(t.endpointId, t.entityType, t.entityId, t.seq)
      .where(sql`status = 'pending'`),
  ],
);

/** Every try at a delivery: the receiver's status code (none when it could not be reached), time taken, why it failed. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: ts('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: varchar('response_excerpt', { length: 1024 }),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
