/**
 * How a recorded field is shown to a reader: `money` is pounds as the wire writes them, `pence` an integer of
 * pence, `account` a boolean read as Active/Inactive, `status` a state written as words, `lead_status` and
 * `rejection_reason` a code read through its label, `timesheet_entries` and `commission_lines` the lists a
 * timesheet correction records; `text` is the value as written (dates, numbers and Yes/No by their type).
 */
export const AUDIT_FIELD_FORMATS = [
  'text',
  'money',
  'pence',
  'date',
  'datetime',
  'boolean',
  'account',
  'status',
  'lead_status',
  'rejection_reason',
  'count',
  'timesheet_entries',
  'commission_lines',
] as const;
export type AuditFieldFormat = (typeof AUDIT_FIELD_FORMATS)[number];

/** One field an audit entry's before/after may hold: its label and how its value reads. */
export interface AuditField {
  label: string;
  format: AuditFieldFormat;
}

/**
 * A feature's audit vocabulary: the sentence each action it writes reads as after the actor's name, the label of
 * each record type it audits, and its fields. `entityFields` are fields whose meaning depends on the record
 * (a lead's `status` is a pipeline stage, a timesheet's is a word); they win over `fields` for that record type.
 */
export interface AuditVocabulary {
  actions: Record<string, string>;
  entities: Record<string, string>;
  fields: Record<string, AuditField>;
  entityFields?: Record<string, Record<string, AuditField>>;
}
