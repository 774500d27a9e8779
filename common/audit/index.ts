import { accountsAudit } from './accounts.ts';
import { apiTokensAudit } from './api-tokens.ts';
import { applicationsAudit } from './applications.ts';
import { commissionsAudit } from './commissions.ts';
import { communityAudit } from './community.ts';
import { eventsAudit } from './events.ts';
import { importsAudit } from './imports.ts';
import { jobsAudit } from './jobs.ts';
import { leadsAudit } from './leads.ts';
import { payoutsAudit } from './payouts.ts';
import { timesheetsAudit } from './timesheets.ts';
import { webhooksAudit } from './webhooks.ts';
import type { AuditField, AuditVocabulary } from './types.ts';

export type { AuditField, AuditFieldFormat, AuditVocabulary } from './types.ts';
export { AUDIT_FIELD_FORMATS } from './types.ts';

/** Every feature's audit vocabulary; a feature adds its actions, records and fields in `common/audit/<feature>.ts`. */
export const auditVocabularies = [
  accountsAudit,
  applicationsAudit,
  leadsAudit,
  commissionsAudit,
  payoutsAudit,
  timesheetsAudit,
  eventsAudit,
  communityAudit,
  apiTokensAudit,
  importsAudit,
  jobsAudit,
  webhooksAudit,
] as const;

type Vocab = (typeof auditVocabularies)[number];
type KeysOf<V, P extends 'actions' | 'entities'> = V extends Record<P, infer M> ? keyof M & string : never;
/** Every action the audit log may hold: writing one no feature declares fails to typecheck. */
export type AuditAction = KeysOf<Vocab, 'actions'>;
/** Every record type the audit log may be about. */
export type AuditEntityType = KeysOf<Vocab, 'entities'>;

/** Fields several records share, read the same way everywhere unless a record declares its own. */
const sharedFields: Record<string, AuditField> = {
  status: { label: 'Status', format: 'status' },
  reason: { label: 'Reason', format: 'text' },
};

/** The sentence after the actor's name, per action ("deactivated a user"). */
export const AUDIT_ACTIONS: Record<AuditAction, string> = Object.assign({}, ...auditVocabularies.map((v) => v.actions));
/** What kind of record an entry is about, per entity type ("Timesheet"). */
export const AUDIT_ENTITIES: Record<AuditEntityType, string> = Object.assign({}, ...auditVocabularies.map((v) => v.entities));
/** The fields any record may record, by name. */
export const AUDIT_FIELDS: Record<string, AuditField> = Object.assign({ ...sharedFields }, ...auditVocabularies.map((v) => v.fields));
/** Fields whose meaning depends on the record, by entity type then name. */
export const AUDIT_ENTITY_FIELDS: Record<string, Record<string, AuditField>> = {};
for (const v of auditVocabularies as readonly AuditVocabulary[]) {
  for (const [type, fields] of Object.entries(v.entityFields ?? {})) AUDIT_ENTITY_FIELDS[type] = { ...AUDIT_ENTITY_FIELDS[type], ...fields };
}

/** How a field of a record of this type reads: the record's own declaration first, then the shared one. */
export function auditField(entityType: string, key: string): AuditField | undefined {
  return AUDIT_ENTITY_FIELDS[entityType]?.[key] ?? AUDIT_FIELDS[key];
}
