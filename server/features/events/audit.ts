import type { AuditEntityLabels } from '../audit-types.ts';

/** Events in the audit log. */
export const eventsAuditLabels = {
  event: { none: 'An event’s entry records its title in the fields it changed' },
} satisfies AuditEntityLabels;
