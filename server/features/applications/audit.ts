import type { AuditEntityLabels } from '../audit-types.ts';

/** Applications in the audit log: decisions are recorded against the applicant's user, which names them. */
export const applicationsAuditLabels = {
  application: { none: 'Application decisions are recorded against the applicant’s user record' },
} satisfies AuditEntityLabels;
