import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** Accounts' records in the audit log: a user by their name. */
export const accountsAuditLabels = {
  user: { sql: (a) => sql`(select t.first_name || ' ' || t.last_name from users t where t.id::text = ${a.entityId})` },
  app_setting: { none: 'There is one settings record; the action names what changed' },
} satisfies AuditEntityLabels;
