import { z } from 'zod';
import { LEAD_STATUSES } from '../constants/options.ts';
import { COMMISSION_STATUSES, LEAD_INDUSTRIES, LEAD_TYPES, RELATIONSHIP_STRENGTHS, URGENCY_LEVELS } from '../constants/leads.ts';

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/** A money amount typed in a form or sent as JSON: ≥ 0, at most 2 decimals; the output is exact numeric text. */
export const amountField = z
  .union([z.number(), z.string()], { error: 'Please enter the budget in pounds' })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    const problem =
      text === '' ? 'Please enter the budget in pounds'
      : text.startsWith('-') ? 'Budget must be 0 or more'
      : !/^\d+(\.\d+)?$/.test(text) ? 'Please enter the budget in pounds'
      : /\.\d{3,}$/.test(text) ? 'Budget can have at most 2 decimal places'
      : !AMOUNT.test(text) ? 'Budget must be less than £100,000,000'
      : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    const [whole, frac = ''] = text.split('.');
    return `${Number(whole)}.${frac.padEnd(2, '0')}`;
  });

/** POST /api/leads and the Submit New Lead form (spec 02). */
export const leadInputSchema = z
  .object({
    leadType: z.enum(LEAD_TYPES, { error: 'Please choose a lead type' }).default('interim'),
    estimatedValue: amountField,
    companyName: z.string({ error: 'Company name is required' }).trim().min(1, 'Company name is required').max(200, 'Company name must be at most 200 characters'),
    industry: z.enum(LEAD_INDUSTRIES, { error: 'Please select an industry' }),
    contactName: z.string({ error: 'Contact name is required' }).trim().min(1, 'Contact name is required').max(100, 'Contact name must be at most 100 characters'),
    contactEmail: z.string({ error: 'Please enter a valid contact email' }).trim().toLowerCase().max(254, 'Please enter a valid contact email').email('Please enter a valid contact email'),
    projectDescription: z.string({ error: 'Project description is required' }).trim().min(1, 'Project description is required').max(5000, 'Project description must be at most 5000 characters'),
    urgency: z.enum(URGENCY_LEVELS, { error: 'Please choose the urgency' }).default('medium'),
    relationshipStrength: z.enum(RELATIONSHIP_STRENGTHS, { error: 'Please choose the relationship strength' }).default('medium'),
  })
  .strict();
export type LeadInput = z.input<typeof leadInputSchema>;
export type LeadData = z.output<typeof leadInputSchema>;

/** PATCH /api/leads/{id} (admin): a status and optional notes. */
export const leadUpdateSchema = z
  .object({
    status: z.enum(LEAD_STATUSES, { error: 'Please choose a status' }),
    notes: z.string().trim().max(5000, 'Notes must be at most 5000 characters').optional(),
  })
  .strict();

export const leadQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

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
  estimatedValue: z.string(),
  urgency: z.enum(URGENCY_LEVELS),
  relationshipStrength: z.enum(RELATIONSHIP_STRENGTHS),
  status: z.enum(LEAD_STATUSES),
  notes: z.string().nullable(),
  /** Admins only: another open lead has the same company or contact domain. */
  possibleDuplicate: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadPageSchema = z.object({
  items: z.array(leadSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const leadActivitySchema = z.object({
  id: z.string(),
  leadId: z.string(),
  activity: z.string(),
  notes: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadActivity = z.infer<typeof leadActivitySchema>;

export const duplicateCheckQuery = z.object({
  companyName: z.string().trim().max(200).optional(),
  contactEmail: z.string().trim().max(254).optional(),
});
export const duplicateCheckSchema = z.object({ companyMatch: z.boolean(), domainMatch: z.boolean() });

export const commissionSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  amount: z.string(),
  rate: z.string(),
  status: z.enum(COMMISSION_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  leadDetails: z.object({ companyName: z.string(), industry: z.string(), leadType: z.string(), estimatedValue: z.string() }),
});
export type Commission = z.infer<typeof commissionSchema>;

export const dashboardStatsSchema = z.object({
  totalReferrals: z.number(),
  totalCommissions: z.number(),
  avgCommissionPerLead: z.number(),
  conversionRate: z.number(),
  pipeline: z.object({ submitted: z.number(), reviewing: z.number(), qualified: z.number(), inProgress: z.number(), closed: z.number() }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
