import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** Placements and timesheets in the audit log: a placement's company and contractor, a timesheet's project and week. */
export const timesheetsAuditLabels = {
  placement: {
    sql: (a) =>
      sql`(select l.company_name || ' (' || c.first_name || ' ' || c.last_name || ')' from placements pl join leads l on l.id = pl.lead_id join users c on c.id = pl.contractor_id where pl.id::text = ${a.entityId})`,
  },
  timesheet: {
    sql: (a) => sql`(select t.project_name || ', week of ' || to_char(t.week_starting, 'FMDD Mon YYYY') from timesheets t where t.id::text = ${a.entityId})`,
  },
} satisfies AuditEntityLabels;
