import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditField, type AuditFieldFormat } from '../../../../common/audit/index.ts';
import { REJECTION_REASON_LABELS, type LeadStatus, type RejectionReason } from '../../../../common/constants/options.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import { formatDate, formatDateTime, formatGBP, formatPence } from '../../../lib/format.ts';

/** The sentence after the actor's name ("Marcus Adeyemi deactivated a user"); an unknown action reads as its words. */
export function actionSentence(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? `performed ${action.replace(/[._-]+/g, ' ')}`;
}

/** What kind of record an entry is about (User, Lead, Commission, Application). */
export function entityLabel(type: string): string {
  return (AUDIT_ENTITIES as Record<string, string>)[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** A field's label as declared, else its name in words. */
function fieldLabel(key: string, entityType: string): string {
  const declared = auditField(entityType, key);
  if (declared) return declared.label;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/[-_]/g, ' ');

/** A value by its own type, for a field declared as plain text or not declared: Yes/No, en-GB numbers and dates. */
function formatText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'string') return ISO.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value)) return value.map(formatText).join(', ') || '—';
  return JSON.stringify(value);
}

/** How each declared format reads a (present) value. */
const FORMATTERS: Record<AuditFieldFormat, (value: unknown) => string> = {
  text: formatText,
  money: (v) => (typeof v === 'number' || typeof v === 'string' ? formatGBP(v, 2) : formatText(v)),
  pence: (v) => (typeof v === 'number' ? formatPence(v, 2) : formatText(v)),
  date: (v) => (typeof v === 'string' ? formatDate(v) : formatText(v)),
  datetime: (v) => (typeof v === 'string' ? formatDateTime(v) : formatText(v)),
  boolean: (v) => (typeof v === 'boolean' ? (v ? 'Yes' : 'No') : formatText(v)),
  account: (v) => (typeof v === 'boolean' ? (v ? 'Active' : 'Inactive') : formatText(v)),
  status: (v) => (typeof v === 'string' ? capital(v) : formatText(v)),
  lead_status: (v) => (typeof v === 'string' ? (v in STATUS_LABELS ? STATUS_LABELS[v as LeadStatus] : capital(v)) : formatText(v)),
  rejection_reason: (v) => (typeof v === 'string' && v in REJECTION_REASON_LABELS ? REJECTION_REASON_LABELS[v as RejectionReason] : formatText(v)),
  count: (v) => (typeof v === 'number' ? v.toLocaleString('en-GB') : formatText(v)),
  // a timesheet's days, and the commission a correction wrote
  timesheet_entries: (v) => (Array.isArray(v) ? v.map((e: { date?: string; units?: string }) => `${e.date}: ${e.units}`).join(', ') || 'No time' : formatText(v)),
  commission_lines: (v) => {
    if (!Array.isArray(v)) return formatText(v);
    const rows = v as Array<{ amount: string; basis?: string; month?: string }>;
    return (
      rows.map((c) => `${formatGBP(c.amount, 2)}${c.basis ? ` on ${formatGBP(c.basis, 2)} of profit` : ''}${c.month ? ` (${c.month})` : ''}`).join(', ') || 'No change'
    );
  },
};

/** One value as a person would write it, by the format its field declares (`common/audit/`). */
function formatValue(key: string, value: unknown, entityType: string): string {
  if (value === null || value === undefined || value === '') return '—';
  return FORMATTERS[auditField(entityType, key)?.format ?? 'text'](value);
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
    label: fieldLabel(key, entityType),
    // a field the entry does not mention on one side is not "empty" there, just not recorded
    before: b && key in b ? formatValue(key, b[key], entityType) : null,
    after: a && key in a ? formatValue(key, a[key], entityType) : null,
  }));
  const changed = all.filter((c) => c.before !== c.after);
  return changed.length ? changed : all;
}
