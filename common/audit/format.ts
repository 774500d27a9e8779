import { REJECTION_REASON_LABELS, type LeadStatus, type RejectionReason } from '../constants/options.ts';
import { STATUS_LABELS } from '../rules/pipeline.ts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditField, auditVocabularies, type AuditFieldFormat } from './index.ts';

/**
 * The audit log in words, one reading for the screen and the CSV: the action's sentence, the record type's label
 * and each changed field before → after by the format its field declares. Dates and money are written by the
 * reader's formatters (the screen's own, the server's in UK time), so both say the same thing the same way.
 */

/** How dates and pounds are written: 21/11/2026, 21 Nov 2026, 14:05, £1,234.50. */
export interface AuditWriters {
  date: (value: string) => string;
  dateTime: (value: string) => string;
  /** Pounds from a money string or number, with pence. */
  gbp: (value: number | string) => string;
}

/** The sentence after the actor's name ("Marcus Adeyemi deactivated a user"); an unknown action reads as its words. */
export function actionSentence(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? `performed ${action.replace(/[._-]+/g, ' ')}`;
}

/** What kind of record an entry is about (User, Lead, Commission, Application). */
export function entityLabel(type: string): string {
  return (AUDIT_ENTITIES as Record<string, string>)[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** A group of actions for a filter: the record types a feature audits, named, and its actions with their sentences. */
export interface AuditActionGroup {
  label: string;
  actions: { value: string; label: string }[];
}

/** Every action of the audit vocabulary, grouped by the records each feature audits ("Payout details, Payout run, Payout"). */
export const AUDIT_ACTION_GROUPS: AuditActionGroup[] = auditVocabularies.map((v) => ({
  label: Object.values(v.entities as Record<string, string>).join(', '),
  actions: Object.entries(v.actions as Record<string, string>).map(([value, sentence]) => ({ value, label: sentence.charAt(0).toUpperCase() + sentence.slice(1) })),
}));

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

function formatters(w: AuditWriters): Record<AuditFieldFormat, (value: unknown) => string> {
  /** A value by its own type, for a field declared as plain text or not declared: Yes/No, en-GB numbers and dates. */
  const formatText = (value: unknown): string => {
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (typeof value === 'number') return value.toLocaleString('en-GB');
    if (typeof value === 'string') return ISO.test(value) ? w.dateTime(value) : value;
    if (Array.isArray(value)) return value.map(formatText).join(', ') || '—';
    return JSON.stringify(value);
  };
  return {
    text: formatText,
    money: (v) => (typeof v === 'number' || typeof v === 'string' ? w.gbp(v) : formatText(v)),
    pence: (v) => (typeof v === 'number' ? w.gbp(v / 100) : formatText(v)),
    date: (v) => (typeof v === 'string' ? w.date(v) : formatText(v)),
    datetime: (v) => (typeof v === 'string' ? w.dateTime(v) : formatText(v)),
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
      return rows.map((c) => `${w.gbp(c.amount)}${c.basis ? ` on ${w.gbp(c.basis)} of profit` : ''}${c.month ? ` (${c.month})` : ''}`).join(', ') || 'No change';
    },
  };
}

/** One field an entry changed, as text; null on the side where it was not recorded. */
export interface AuditChange {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/**
 * The fields an audit entry changed, before → after, in readable form, written with `w`. Ids are left out (they
 * mean nothing to a reader); a deletion lists what was there, a creation (or a field only recorded afterwards)
 * what is there now.
 */
export function auditChangeReader(w: AuditWriters): (before: unknown, after: unknown, entityType: string) => AuditChange[] {
  const f = formatters(w);
  const formatValue = (key: string, value: unknown, entityType: string): string => {
    if (value === null || value === undefined || value === '') return '—';
    return f[auditField(entityType, key)?.format ?? 'text'](value);
  };
  return (before, after, entityType) => {
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
  };
}

/** Changes as one line of text, as the screen lists them: "Status: Reviewing → Qualified; Note: Late (removed)". */
export function changesText(changes: readonly AuditChange[]): string {
  return changes
    .map((c) => `${c.label}: ${c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : c.after !== null ? c.after : `${c.before} (removed)`}`)
    .join('; ');
}
