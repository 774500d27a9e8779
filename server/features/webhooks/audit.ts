import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** Webhook endpoints in the audit log: the endpoint's address, else the one the entry recorded. */
export const webhooksAuditLabels = {
  webhook_endpoint: {
    sql: (a) => sql`coalesce((select w.url from webhook_endpoints w where w.id::text = ${a.entityId}), ${a.after} ->> 'url', ${a.before} ->> 'url')`,
  },
} satisfies AuditEntityLabels;
