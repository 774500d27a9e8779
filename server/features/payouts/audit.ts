import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** Payouts in the audit log: whose details, which run (CP0007), which partner's payout in which run. */
export const payoutsAuditLabels = {
  payout_details: {
    sql: (a) => sql`(select u.first_name || ' ' || u.last_name from users u where u.id::text = ${a.entityId})`,
  },
  payout_run: {
    sql: (a) => sql`(select 'CP' || lpad(r.number::text, 4, '0') from payout_runs r where r.id::text = ${a.entityId})`,
  },
  payout_line: {
    sql: (a) =>
      sql`(select pl.reference || ' (' || u.first_name || ' ' || u.last_name || ')' from payout_lines pl join users u on u.id = pl.partner_id where pl.id::text = ${a.entityId})`,
  },
} satisfies AuditEntityLabels;
