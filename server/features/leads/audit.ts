import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** Leads in the audit log: by company, a deleted one's from what its entry recorded. */
export const leadsAuditLabels = {
  lead: { sql: (a) => sql`coalesce((select l.company_name from leads l where l.id::text = ${a.entityId}), ${a.before} ->> 'companyName')` },
} satisfies AuditEntityLabels;
