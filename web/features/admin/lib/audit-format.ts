import { auditChangeReader, type AuditChange } from '../../../../common/audit/format.ts';
import { formatDate, formatDateTime, formatGBP } from '../../../lib/format.ts';

export { actionSentence, AUDIT_ACTION_GROUPS, entityLabel } from '../../../../common/audit/format.ts';

/** One field an entry changed, as text; null on the side where it was not recorded. */
export type Change = AuditChange;

/**
 * The fields an audit entry changed, before → after, in readable form (`common/audit/format.ts`, written with the
 * screen's own date and money formats). Ids are left out; a deletion lists what was there, a creation what is there now.
 */
export const describeChanges: (before: unknown, after: unknown, entityType: string) => Change[] = auditChangeReader({
  date: (v) => formatDate(v),
  dateTime: (v) => formatDateTime(v),
  gbp: (v) => formatGBP(v, 2),
});
