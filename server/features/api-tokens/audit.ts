import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** API tokens in the audit log: the token's name, else the name the entry recorded. */
export const apiTokensAuditLabels = {
  api_token: {
    sql: (a) => sql`coalesce((select t.name from api_tokens t where t.id::text = ${a.entityId}), ${a.after} ->> 'name', ${a.before} ->> 'name')`,
  },
} satisfies AuditEntityLabels;
