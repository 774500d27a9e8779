import { APPLICATION_CHECKS } from '../constants/options.ts';
import type { AuditField, AuditVocabulary } from './types.ts';

/** The checklist's items, each a Yes/No under its own label. */
const checks = Object.fromEntries(APPLICATION_CHECKS.map((c) => [c.key, { label: c.label, format: 'boolean' } satisfies AuditField]));

/** What administrators do to applications, in words (an application is audited against its applicant's user). */
export const applicationsAudit = {
  actions: {
    'application.update': 'updated an application checklist',
    'application.approve': 'approved an application',
    'application.reject': 'rejected an application',
    'application.resend_verification': 'resent an applicant’s verification email',
  },
  entities: { application: 'Application' },
  fields: {
    accountStatus: { label: 'Account status', format: 'status' },
    notes: { label: 'Notes', format: 'text' },
    riskAssessment: { label: 'Risk assessment', format: 'status' },
    ...checks,
  },
  entityFields: { user: { reason: { label: 'Reason', format: 'rejection_reason' } } },
} as const satisfies AuditVocabulary;
