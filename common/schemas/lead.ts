import { z } from 'zod';
import { leadAbilitiesSchema } from './abilities.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';
import { LEAD_ACTIVITY_KINDS } from '../rules/pipeline.ts';
import { LEAD_STATUSES, type LeadStatus } from '../constants/options.ts';
import { LEAD_INDUSTRIES, LEAD_TYPES, RELATIONSHIP_STRENGTHS, URGENCY_LEVELS } from '../constants/leads.ts';

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/** A money amount typed in a form or sent as JSON: ≥ 0, at most 2 decimals; the output is exact numeric text. */
export const amountField = z.union([z.number(), z.string()], { error: 'Please enter the budget in pounds' }).transform((v, ctx) => {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
  const problem =
    text === ''
      ? 'Please enter the budget in pounds'
      : text.startsWith('-')
        ? 'Budget must be 0 or more'
        : !/^\d+(\.\d+)?$/.test(text)
          ? 'Please enter the budget in pounds'
          : /\.\d{3,}$/.test(text)
            ? 'Budget can have at most 2 decimal places'
            : !AMOUNT.test(text)
              ? 'Budget must be less than £100,000,000'
              : null;
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  const [whole, frac = ''] = text.split('.');
  return `${Number(whole)}.${frac.padEnd(2, '0')}`;
});

/** The event a lead was met at: an event id, or null (or absent) for none. */
const sourceEventField = z.uuid('Choose an event from the list').nullish();

const leadTypeField = z.enum(LEAD_TYPES, { error: 'Please choose a lead type' });
const companyNameField = z
  .string({ error: 'Company name is required' })
  .trim()
  .min(1, 'Company name is required')
  .max(200, 'Company name must be at most 200 characters');
const industryField = z.enum(LEAD_INDUSTRIES, { error: 'Please select an industry' });
const contactNameField = z
  .string({ error: 'Contact name is required' })
  .trim()
  .min(1, 'Contact name is required')
  .max(100, 'Contact name must be at most 100 characters');
const contactEmailField = z
  .string({ error: 'Please enter a valid contact email' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid contact email')
  .email('Please enter a valid contact email');
const projectDescriptionField = z
  .string({ error: 'Project description is required' })
  .trim()
  .min(1, 'Project description is required')
  .max(5000, 'Project description must be at most 5000 characters');
const urgencyField = z.enum(URGENCY_LEVELS, { error: 'Please choose the urgency' });
const relationshipStrengthField = z.enum(RELATIONSHIP_STRENGTHS, { error: 'Please choose the relationship strength' });

/** POST /api/leads and the Submit New Lead form: one schema, one set of messages. */
export const leadInputSchema = z
  .object({
    leadType: leadTypeField.default('interim'),
    estimatedValue: amountField,
    companyName: companyNameField,
    industry: industryField,
    contactName: contactNameField,
    contactEmail: contactEmailField,
    projectDescription: projectDescriptionField,
    urgency: urgencyField.default('medium'),
    relationshipStrength: relationshipStrengthField.default('medium'),
    /** The event where the contact was met, if any: an event the submitter can see. */
    sourceEventId: sourceEventField,
  })
  .strict();
export type LeadInput = z.input<typeof leadInputSchema>;
export type LeadData = z.output<typeof leadInputSchema>;

/** The statuses in which the lead's partner may still correct its fields (PATCH /api/leads/{id} with a field edit). */
export const LEAD_EDITABLE_STATUSES = ['submitted', 'reviewing'] as const satisfies readonly LeadStatus[];
/** The statuses that end a lead: it can no longer be withdrawn. */
export const LEAD_CLOSED_STATUSES = ['closed-won', 'closed-lost'] as const satisfies readonly LeadStatus[];

/**
 * PATCH /api/leads/{id} (admin): a status change. `notes`, when given and not blank, is written as a comment in the
 * lead's discussion in the same transaction: seen by the partner, or only by administrators with `notesInternal`.
 * The lead itself keeps no notes any more (its `notes` field is always null).
 */
export const leadStatusChangeSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: 'Please choose a status' }),
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
    /** The notes are an internal note (administrators only) rather than a message to the partner. */
    notesInternal: z.boolean().optional(),
    /** Names (or, with null, clears) the event where the contact was met. */
    sourceEventId: sourceEventField,
  })
  .strict();
export type LeadStatusChange = z.infer<typeof leadStatusChangeSchema>;
/** @deprecated the old name of {@link leadStatusChangeSchema}. */
export const leadUpdateSchema = leadStatusChangeSchema;

/**
 * PATCH /api/leads/{id} without `status`: a correction of the lead's fields, by its partner while it is submitted or
 * under review (409 in other statuses) or by an administrator in any status, except that a won lead's
 * {@link LEAD_COMMISSION_FIELDS} no longer change (409). Any of the submission's fields, with the submission's rules
 * and messages; at least one. The change is audited and shows on the timeline as "edited". Another partner's lead is 404.
 */
export const leadEditSchema = z
  .object({
    leadType: leadTypeField.optional(),
    estimatedValue: amountField.optional(),
    companyName: companyNameField.optional(),
    industry: industryField.optional(),
    contactName: contactNameField.optional(),
    contactEmail: contactEmailField.optional(),
    projectDescription: projectDescriptionField.optional(),
    urgency: urgencyField.optional(),
    relationshipStrength: relationshipStrengthField.optional(),
    sourceEventId: sourceEventField,
  })
  .strict()
  .refine((e) => Object.values(e).some((v) => v !== undefined), { message: 'Nothing to change' });
export type LeadEditInput = z.input<typeof leadEditSchema>;
export type LeadEdit = z.output<typeof leadEditSchema>;

/**
 * The fields a won lead's commission is computed from: its estimated value (the commission and the won points) and
 * its type (whether it earns from placed time instead). Once the lead is closed-won an edit may not change them.
 */
export const LEAD_COMMISSION_FIELDS = ['leadType', 'estimatedValue'] as const satisfies ReadonlyArray<keyof LeadEdit>;
/** Why a won lead's commission fields cannot be changed (the 409's message, and the edit form's explanation). */
export const LEAD_COMMISSION_FIELDS_LOCKED =
  'This lead is won: its commission is already earned on its lead type and estimated value, so those can no longer be changed.';

/**
 * The body of PATCH /api/leads/{id}: with `status` it is an administrator's status change
 * ({@link leadStatusChangeSchema}), otherwise a partner's field edit ({@link leadEditSchema}); each is checked by its
 * own schema, so the messages are that schema's.
 */
export const leadPatchSchema = z.looseObject({}).transform((body, ctx): LeadStatusChange | LeadEdit => {
  const parsed = 'status' in body ? leadStatusChangeSchema.safeParse(body) : leadEditSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
export type LeadPatch = z.output<typeof leadPatchSchema>;

/**
 * POST /api/leads/{id}/withdraw (the lead's partner, while it is not closed): the lead leaves the pipeline with no
 * commission. It becomes closed-lost with `withdrawnAt` and `withdrawnReason` set; a closed lead answers 409.
 */
export const leadWithdrawSchema = z
  .object({
    reason: z
      .string({ error: 'Please say why you are withdrawing the lead' })
      .trim()
      .min(1, 'Please say why you are withdrawing the lead')
      .max(500, 'The reason must be at most 500 characters'),
  })
  .strict();
export type LeadWithdraw = z.infer<typeof leadWithdrawSchema>;

/**
 * POST /api/leads/{id}/assign (administrators): the administrator who owns the lead, or null for nobody. Naming anyone
 * who is not an active administrator is a 400. The new owner is notified (not when assigning oneself).
 */
export const leadAssignSchema = z.object({ userId: z.uuid('Choose an administrator').nullable() }).strict();
export type LeadAssign = z.infer<typeof leadAssignSchema>;

/** The administrator who owns a lead. */
export const leadAssigneeSchema = z.object({ id: z.string(), name: z.string() });
export type LeadAssignee = z.infer<typeof leadAssigneeSchema>;

/** The list filter `assigned`: `me` keeps the leads assigned to the signed-in administrator (ignored for partners). */
export const LEAD_ASSIGNED_FILTERS = ['me'] as const;

/** GET /api/leads: one page, newest first, searched by company, industry or contact name and filtered by status. */
export const leadQuerySchema = pageQuery(25).extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  /** `me`: only the leads assigned to the signed-in administrator ("Mine"). */
  assigned: z.enum(LEAD_ASSIGNED_FILTERS).optional(),
});

/**
 * GET /api/leads/export.csv: every lead the viewer may see (administrators all, a partner their own), newest first,
 * with the list's filters. One row per lead; never the discussion. Columns: Company, Industry, Type, Contact,
 * Contact email, Estimated value, Status, Urgency, Relationship, Submitted by, Assigned to, Submitted at, Updated at,
 * Withdrawn at, Withdrawn reason.
 */
export const leadExportQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  assigned: z.enum(LEAD_ASSIGNED_FILTERS).optional(),
});

/** A lead as the screens read it, with the submitter's name and what the viewer may do with it. */
export const leadSchema = z.object({
  id: z.string(),
  submitterId: z.string(),
  submitterName: z.string(),
  leadType: z.enum(LEAD_TYPES),
  companyName: z.string(),
  industry: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  projectDescription: z.string(),
  estimatedValue: moneySchema,
  urgency: z.enum(URGENCY_LEVELS),
  relationshipStrength: z.enum(RELATIONSHIP_STRENGTHS),
  status: z.enum(LEAD_STATUSES),
  /** Always null: notes are now comments in the lead's discussion (GET /api/leads/{id}/comments). */
  notes: z.string().nullable(),
  /** The event where the contact was met, if any. */
  sourceEventId: z.string().nullable(),
  /** The administrator who owns the lead, or null. */
  assignedTo: leadAssigneeSchema.nullable(),
  /** Set when its partner withdrew it (the lead is then closed-lost). */
  withdrawnAt: instantSchema.nullable(),
  withdrawnReason: z.string().nullable(),
  /** Only when the viewer may see it (admins): another open lead has the same company or contact domain. */
  possibleDuplicate: z.boolean().optional(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  can: leadAbilitiesSchema,
});
export type Lead = z.infer<typeof leadSchema>;

export const leadPageSchema = pageOf(leadSchema);
export type LeadPage = z.infer<typeof leadPageSchema>;

/** GET /api/lead-activities: a lead's timeline, oldest first. */
export const leadActivityQuerySchema = pageQuery(100).extend({ leadId: z.uuid('Lead not found.') });

/** One timeline entry: the structured fact (kind, from, to) and the text derived from it for display. */
export const leadActivitySchema = z.object({
  id: z.string(),
  leadId: z.string(),
  kind: z.enum(LEAD_ACTIVITY_KINDS),
  fromStatus: z.enum(LEAD_STATUSES).nullable(),
  toStatus: z.enum(LEAD_STATUSES).nullable(),
  activity: z.string(),
  notes: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: instantSchema,
});
export type LeadActivity = z.infer<typeof leadActivitySchema>;
export const leadActivityPageSchema = pageOf(leadActivitySchema);
export type LeadActivityPage = z.infer<typeof leadActivityPageSchema>;

export const duplicateCheckQuery = z.object({
  companyName: z.string().trim().max(200).optional(),
  contactEmail: z.string().trim().max(254).optional(),
});
export const duplicateCheckSchema = z.object({ companyMatch: z.boolean(), domainMatch: z.boolean() });
export type DuplicateCheck = z.infer<typeof duplicateCheckSchema>;
