import { sql } from 'drizzle-orm';
import type { AuditEntityLabels } from '../audit-types.ts';

/** Background jobs in the audit log: the job's queue, as the entry recorded it (jobs themselves are deleted in time). */
export const jobsAuditLabels = {
  job: { sql: (a) => sql`${a.after} ->> 'queue'` },
} satisfies AuditEntityLabels;
