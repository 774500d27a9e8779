import { z } from 'zod';
import { leadAbilitiesSchema } from './abilities.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';
import { LEAD_ACTIVITY_KINDS } from '../rules/pipeline.ts';
import { LEAD_STATUSES } from '../constants/options.ts';
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

/** POST /api/leads and the Submit New Lead form: one schema, one set of messages. */
export const leadInputSchema = z
  .object({
    leadType: z.enum(LEAD_TYPES, { error: 'Please choose a lead type' }).default('interim'),
    estimatedValue: amountField,
    companyName: z.string({ error: 'Company name is required' }).trim().min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters'),
    industry: z.enum(LEAD_INDUSTRIES, { error: 'Please select an industry' }),
    contactName: z.string({ error: 'Contact name is required' }).trim().min(1, 'Contact name is required').max(100, 'Contact name must be at most 100 characters'),
    contactEmail: z
      .string({ error: 'Please enter a valid contact email' })
      .trim()
      .toLowerCase()
      .max(254, 'Please enter a valid contact email')
      .email('Please enter a valid contact email'),
    projectDescription: z
      .string({ error: 'Project description is required' })
      .trim()
      .min(1, 'Project description is required')
      .max(5000, 'Project description must be at most 5000 characters'),
    urgency: z.enum(URGENCY_LEVELS, { error: 'Please choose the urgency' }).default('medium'),
    relationshipStrength: z.enum(RELATIONSHIP_STRENGTHS, { error: 'Please choose the relationship strength' }).default('medium'),
    /** The event where the contact was met, if any: an event the submitter can see. */
    sourceEventId: sourceEventField,
  })
  .strict();
export type LeadInput = z.input<typeof leadInputSchema>;
export type LeadData = z.output<typeof leadInputSchema>;

/** PATCH /api/leads/{id} (admin): a status and optional notes. */
export const leadUpdateSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: 'Please choose a status' }),
    notes: z.string().trim().max(5000, 'Notes must be at most 5000 characters').optional(),
    /** Names (or, with null, clears) the event where the contact was met. */
    sourceEventId: sourceEventField,
  })
  .strict();

/** GET /api/leads: one page, newest first, searched by company, industry or contact name and filtered by status. */
export const leadQuerySchema = pageQuery(25).extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
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
  notes: z.string().nullable(),
  /** The event where the contact was met, if any. */
  sourceEventId: z.string().nullable(),
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
