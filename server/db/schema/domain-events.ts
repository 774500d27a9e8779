import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What happened, one typed fact per act (`lead.status_changed`, `timesheet.approved`), written in the transaction
 * of the act so a fact exists exactly when its act committed. Its data names records by id and carries states and
 * amounts, never a person's name or contact details, so erasing a member only forgets who acted. Integrations
 * (webhooks) and analytics read from here; each type's data has a schema in `common/events/`.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('domain_events_occurred_idx').on(t.occurredAt, t.id),
    index('domain_events_type_idx').on(t.type, t.occurredAt),
    index('domain_events_actor_idx').on(t.actorId),
  ],
);
