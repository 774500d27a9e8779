import { APPLICATION_CHECKS, REJECTION_REASON_LABELS, type LeadStatus, type RejectionReason } from '../../../../common/constants/options.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import { formatDateTime, formatGBP } from '../../../lib/format.ts';

/** What an audit action says in a sentence ("Marcus Adeyemi deactivated a user"). */
const ACTIONS: Record<string, string> = {
  'user.activate': 'activated a user',
  'user.deactivate': 'deactivated a user',
  'user.remove': 'removed a user',
  'application.update': 'updated an application checklist',
  'application.approve': 'approved an application',
  'application.reject': 'rejected an application',
  'application.resend_verification': 'resent an applicant’s verification email',
  'lead.update': 'updated a lead',
  'lead.delete': 'deleted a lead',
  'commission.pay': 'marked a commission paid',
  'placement.create': 'created a placement',
  'placement.update': 'changed a placement',
  'placement.invite_client': 'invited a client contact to join',
  'timesheet.approve': 'approved a timesheet',
  'timesheet.reject': 'rejected a timesheet',
  'timesheet.adjust': 'corrected an approved timesheet',
  'settings.security.update': 'changed the security settings',
};

/** The sentence after the actor's name; an unknown action reads as its words. */
export function actionSentence(action: string): string {
  return ACTIONS[action] ?? `performed ${action.replace(/[._-]+/g, ' ')}`;
}

const ENTITY_LABELS: Record<string, string> = {
  user: 'User',
  lead: 'Lead',
  commission: 'Commission',
  application: 'Application',
  app_setting: 'Setting',
  placement: 'Placement',
  timesheet: 'Timesheet',
};
/** What kind of record an entry is about (User, Lead, Commission, Application). */
export function entityLabel(type: string): string {
  return ENTITY_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

const FIELD_LABELS: Record<string, string> = {
  isActive: 'Account',
  removedAt: 'Removed',
  accountStatus: 'Account status',
  status: 'Status',
  notes: 'Notes',
  paidAt: 'Paid',
  amount: 'Amount',
  companyName: 'Company',
  estimatedValue: 'Value',
  reason: 'Reason',
  riskAssessment: 'Risk assessment',
  requireAdmin2fa: 'Two-factor sign-in required for administrators',
  ...Object.fromEntries(APPLICATION_CHECKS.map((c) => [c.key, c.label])),
};

function fieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/[-_]/g, ' ');

/** One value as a person would write it: labels for statuses, pounds for money, en-GB dates, Yes/No. */
function formatValue(key: string, value: unknown, entityType: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    if (key === 'isActive') return value ? 'Active' : 'Inactive';
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'number') return key === 'amount' || key === 'estimatedValue' ? formatGBP(value, 2) : value.toLocaleString('en-GB');
  if (typeof value === 'string') {
    if (key === 'status' && entityType === 'lead' && value in STATUS_LABELS) return STATUS_LABELS[value as LeadStatus];
    if (key === 'reason' && value in REJECTION_REASON_LABELS) return REJECTION_REASON_LABELS[value as RejectionReason];
    if (key === 'amount' || key === 'estimatedValue') return formatGBP(value, 2);
    if (ISO.test(value)) return formatDateTime(value);
    if (key === 'status' || key === 'accountStatus' || key === 'riskAssessment') return capital(value);
    return value;
  }
  // a timesheet's days, and the commission a correction wrote
  if (key === 'entries' && Array.isArray(value)) return value.map((e: { date?: string; units?: string }) => `${e.date}: ${e.units}`).join(', ') || 'No time';
  if (key === 'commissions' && Array.isArray(value)) {
    const rows = value as Array<{ amount: string; basis?: string; month?: string }>;
    return (
      rows.map((c) => `${formatGBP(c.amount, 2)}${c.basis ? ` on ${formatGBP(c.basis, 2)} of profit` : ''}${c.month ? ` (${c.month})` : ''}`).join(', ') || 'No change'
    );
  }
  if (Array.isArray(value)) return value.map((v) => formatValue(key, v, entityType)).join(', ') || '—';
  return JSON.stringify(value);
}

/** One field an entry changed, as text; null on the side where it was not recorded. */
export interface Change {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/**
 * The fields an audit entry changed, before → after, in readable form. Ids are left out (they mean nothing to
 * a reader); a deletion lists what was there, a creation (or a field only recorded afterwards) what is there now.
 */
export function describeChanges(before: unknown, after: unknown, entityType: string): Change[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])].filter((k) => !/Id$/.test(k) && k !== 'id');
  const all = keys.map((key) => ({
    key,
    label: fieldLabel(key),
    // a field the entry does not mention on one side is not "empty" there, just not recorded
    before: b && key in b ? formatValue(key, b[key], entityType) : null,
    after: a && key in a ? formatValue(key, a[key], entityType) : null,
  }));
  const changed = all.filter((c) => c.before !== c.after);
  return changed.length ? changed : all;
}
