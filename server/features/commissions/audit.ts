import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** Commissions in the audit log: the lead's company and the partner who earned it. */
export const commissionsAuditLabels = {
  commission: {
    sql: (a) =>
      sql`(select l.company_name || ' (' || p.first_name || ' ' || p.last_name || ')' from commissions c join leads l on l.id = c.lead_id join users p on p.id = c.partner_id where c.id::text = ${a.entityId})`,
  },
} satisfies AuditEntityLabels;
