import type { SQL } from 'drizzle-orm';
import type { AuditEntityType } from '../../common/audit/index.ts';
import type { auditLog } from '../db/schema/index.ts';

/** The audit log's columns a label is made from. */
export type AuditColumns = Pick<typeof auditLog, 'entityId' | 'before' | 'after'>;

/**
 * How the audit screen names a record of one type in words: SQL over the entry's columns (the live record's name,
 * else what the entry itself recorded of it), or the reason no label is shown.
 */
export type AuditEntityLabel = { sql: (a: AuditColumns) => SQL } | { none: string };

/** A feature's labels, one per record type it audits (`server/features/<feature>/audit.ts`). */
export type AuditEntityLabels = { [T in AuditEntityType]?: AuditEntityLabel };
