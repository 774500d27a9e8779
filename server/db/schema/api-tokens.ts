import { char, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * API tokens (docs/decisions/0043-queue-webhooks-and-api-tokens.md): an organisation token made by an
 * administrator (`cpo_`) or a member's personal token (`cpp_`). Only the SHA-256 of the secret is kept, and its
 * last four characters to recognise it by; a request with the token acts as its creator, narrowed by its scopes.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'organisation' | 'personal' */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    hint: text('hint').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('api_tokens_kind_created_idx').on(t.kind, t.createdAt.desc(), t.id), index('api_tokens_created_by_idx').on(t.createdBy)],
);

/** Requests per token per minute, counted in the database so the limit holds across instances. */
export const apiTokenWindows = pgTable(
  'api_token_windows',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.windowStart] })],
);
