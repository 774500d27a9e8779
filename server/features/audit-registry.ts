import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntityType } from '../../common/audit/index.ts';
import type { auditLog } from '../db/schema/index.ts';
import { accountsAuditLabels } from './accounts/audit.ts';
import { apiTokensAuditLabels } from './api-tokens/audit.ts';
import { applicationsAuditLabels } from './applications/audit.ts';
import type { AuditColumns, AuditEntityLabel } from './audit-types.ts';
import { commissionsAuditLabels } from './commissions/audit.ts';
import { communityAuditLabels } from './community/audit.ts';
import { eventsAuditLabels } from './events/audit.ts';
import { importsAuditLabels } from './imports/audit.ts';
import { jobsAuditLabels } from './jobs/audit.ts';
import { leadsAuditLabels } from './leads/audit.ts';
import { payoutsAuditLabels } from './payouts/audit.ts';
import { timesheetsAuditLabels } from './timesheets/audit.ts';
import { webhooksAuditLabels } from './webhooks/audit.ts';

/**
 * How the audit screen names each record type, gathered from the features. Every entity type in the audit
 * vocabulary has an entry here (a label, or the reason there is none): a type left out fails to typecheck.
 */
export const auditEntityLabels = {
  ...accountsAuditLabels,
  ...applicationsAuditLabels,
  ...leadsAuditLabels,
  ...commissionsAuditLabels,
  ...payoutsAuditLabels,
  ...timesheetsAuditLabels,
  ...eventsAuditLabels,
  ...communityAuditLabels,
  ...apiTokensAuditLabels,
  ...importsAuditLabels,
  ...jobsAuditLabels,
  ...webhooksAuditLabels,
} satisfies Record<AuditEntityType, AuditEntityLabel>;

/** The entry's record in words, by its entity type; null for a type with no label. */
export function auditEntityLabelSql(a: AuditColumns & Pick<typeof auditLog, 'entityType'>): SQL<string | null> {
  const cases = Object.entries(auditEntityLabels as Record<string, AuditEntityLabel>).flatMap(([type, label]) =>
    'sql' in label ? [sql`when ${type} then ${label.sql(a)}`] : [],
  );
  return sql<string | null>`case ${a.entityType} ${sql.join(cases, sql` `)} end`;
}
