import { z } from 'zod';
import { PLACEMENT_UNITS, TIMESHEET_LIMITS, TIMESHEET_MESSAGES as M, TIMESHEET_ROLES, TIMESHEET_STATUSES } from '../constants/timesheets.ts';
import { LIMITS } from '../constants/limits.ts';
import { emailField } from './auth.ts';
import { instantSchema, moneySchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/** A calendar date as the API sends and takes it: YYYY-MM-DD, a real day. */
export const dateOnlySchema = z.string().refine((s) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, 'Enter a date as YYYY-MM-DD');

/** Whether a YYYY-MM-DD date is a Monday. */
export const isMonday = (s: string) => new Date(`${s}T00:00:00Z`).getUTCDay() === 1;

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(s: string, days: number): string {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A rate per unit in pounds ("650", "650.5", 650.5): more than 0, at most 2 decimals; answers integer pence. */
const rateField = (label: string) =>
  z.union([z.number(), z.string()], { error: `Enter the ${label} in pounds` }).transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
    const m = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: `Enter the ${label} in pounds, with at most 2 decimal places` });
      return z.NEVER;
    }
    const pence = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
    if (pence <= 0 || pence > TIMESHEET_LIMITS.rateMaxPence) {
      ctx.addIssue({ code: 'custom', message: `The ${label} must be more than £0 and at most £100,000` });
      return z.NEVER;
    }
    return pence;
  });

const placementFields = {
  contractorId: z.uuid('Choose the contractor'),
  clientId: z.uuid('Choose the client contact'),
  chargeRate: rateField('charge rate'),
  payRate: rateField('pay rate'),
  unit: z.enum(PLACEMENT_UNITS, { error: 'Choose hours or days' }),
  startDate: dateOnlySchema,
  endDate: dateOnlySchema,
};

/** POST /api/placements (administrators): a won interim or recruitment lead, its two members, the rates and dates. */
export const placementCreateSchema = z
  .object({ leadId: z.uuid('Choose the lead'), ...placementFields })
  .strict()
  .superRefine((p, ctx) => {
    if (p.payRate > p.chargeRate) ctx.addIssue({ code: 'custom', path: ['payRate'], message: M.payAboveCharge });
    if (p.endDate < p.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.endBeforeStart });
    if (p.contractorId === p.clientId) ctx.addIssue({ code: 'custom', path: ['clientId'], message: M.sameParty });
  });
export type PlacementCreateData = z.output<typeof placementCreateSchema>;

/** PATCH /api/placements/{id} (administrators): any of the fields; the rules are checked against the stored values. */
export const placementUpdateSchema = z
  .object(placementFields)
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, 'Change at least one field');
export type PlacementUpdateData = z.output<typeof placementUpdateSchema>;

export const placementAbilitiesSchema = z.object({ edit: z.boolean(), createTimesheet: z.boolean() });

/**
 * A placement as its viewer may see it: the charge rate only to the client and administrators, the pay rate only
 * to the contractor and administrators (null otherwise).
 */
export const placementSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  companyName: z.string(),
  leadType: z.string(),
  contractorId: z.string(),
  contractorName: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  unit: z.enum(PLACEMENT_UNITS),
  chargeRate: moneySchema.nullable(),
  payRate: moneySchema.nullable(),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  can: placementAbilitiesSchema,
});
export type Placement = z.infer<typeof placementSchema>;

export const placementQuerySchema = pageQuery(25)
  .extend({ role: z.enum(TIMESHEET_ROLES, { error: 'Choose contractor, client or all' }).default('all') })
  .strict();
export type PlacementQuery = z.output<typeof placementQuerySchema>;
export const placementPageSchema = pageOf(placementSchema);

/** POST /api/timesheets (the placement's contractor): one sheet per placement and week, starting on a Monday. */
export const timesheetCreateSchema = z
  .object({
    placementId: z.uuid('Choose the placement'),
    weekStarting: dateOnlySchema.refine(isMonday, M.weekNotMonday),
  })
  .strict();
export type TimesheetCreateData = z.output<typeof timesheetCreateSchema>;

/** One day's time: 0–24 units with at most two decimals (a day-rate sheet takes at most 1; the server knows the unit). */
export const timesheetEntryInputSchema = z
  .object({
    date: dateOnlySchema,
    units: z
      .number({ error: 'Enter the time as a number' })
      .min(0, 'Time cannot be negative')
      .max(24, 'A day holds at most 24 hours')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Time can have at most 2 decimal places'),
    description: z.string().trim().max(TIMESHEET_LIMITS.descriptionMax, `At most ${TIMESHEET_LIMITS.descriptionMax} characters`).nullish(),
  })
  .strict();

/** PATCH /api/timesheets/{id}: the week's entries, replacing the stored ones; the total is the server's sum of them. */
export const timesheetUpdateSchema = z
  .object({
    entries: z
      .array(timesheetEntryInputSchema)
      .max(7, 'A week has 7 days')
      .superRefine((entries, ctx) => {
        const seen = new Set<string>();
        entries.forEach((e, i) => {
          if (seen.has(e.date)) ctx.addIssue({ code: 'custom', path: [i, 'date'], message: M.duplicateDate });
          seen.add(e.date);
        });
      }),
  })
  .strict();
export type TimesheetUpdateData = z.output<typeof timesheetUpdateSchema>;

const commentsField = z.string().trim().max(TIMESHEET_LIMITS.commentsMax, `At most ${TIMESHEET_LIMITS.commentsMax} characters`);

/** POST /api/timesheets/{id}/approve: optional comments. */
export const timesheetApproveSchema = z.object({ comments: commentsField.optional() }).strict();
/** POST /api/timesheets/{id}/reject: the reason is required. */
export const timesheetRejectSchema = z.object({ comments: commentsField.min(1, M.commentsRequired) }).strict();

/** POST /api/timesheets/{id}/adjust (administrators): an approved sheet's corrected entries and why. */
export const timesheetAdjustSchema = timesheetUpdateSchema.extend({ reason: commentsField.min(1, M.reasonRequired) }).strict();
export type TimesheetAdjustData = z.output<typeof timesheetAdjustSchema>;

export const timesheetQuerySchema = pageQuery(25)
  .extend({
    role: z.enum(TIMESHEET_ROLES, { error: 'Choose contractor, client or all' }).default('all'),
    status: z.enum(TIMESHEET_STATUSES, { error: 'Choose a status' }).optional(),
  })
  .strict();
export type TimesheetQuery = z.output<typeof timesheetQuerySchema>;

export const timesheetAbilitiesSchema = z.object({
  edit: z.boolean(),
  submit: z.boolean(),
  approve: z.boolean(),
  reject: z.boolean(),
  /** An administrator's correction of an approved sheet (POST /api/timesheets/{id}/adjust). */
  adjust: z.boolean(),
});
export type TimesheetAbilities = z.infer<typeof timesheetAbilitiesSchema>;

export const timesheetSchema = z.object({
  id: z.string(),
  placementId: z.string(),
  projectName: z.string(),
  contractorId: z.string(),
  contractorName: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  unit: z.enum(PLACEMENT_UNITS),
  weekStarting: z.string(),
  weekEnding: z.string(),
  totalUnits: z.number(),
  status: z.enum(TIMESHEET_STATUSES),
  submittedAt: instantSchema.nullable(),
  approvedAt: instantSchema.nullable(),
  approvedBy: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvalComments: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  can: timesheetAbilitiesSchema,
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const timesheetEntrySchema = z.object({ date: z.string(), units: z.number(), description: z.string().nullable() });
export const timesheetDetailSchema = timesheetSchema.extend({ entries: z.array(timesheetEntrySchema) });
export type TimesheetDetail = z.infer<typeof timesheetDetailSchema>;
export const timesheetPageSchema = pageOf(timesheetSchema);

/** GET /api/timesheets/export.csv (administrators): the sheets of one status, or all, as the list's `role` narrows them. */
export const timesheetExportQuerySchema = z
  .object({
    role: z.enum(TIMESHEET_ROLES, { error: 'Choose contractor, client or all' }).default('all'),
    status: z.enum(TIMESHEET_STATUSES, { error: 'Choose a status' }).optional(),
  })
  .strict();
export type TimesheetExportQuery = z.output<typeof timesheetExportQuerySchema>;

const inviteeName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.name.max, `${label} must be at most ${LIMITS.name.max} characters`);

/** POST /api/placements/invitations (administrators): invite a lead's client contact who is not a member yet to apply. */
export const placementInvitationSchema = z
  .object({
    leadId: z.uuid('Choose the lead'),
    email: emailField,
    firstName: inviteeName('First name'),
    lastName: inviteeName('Last name'),
  })
  .strict();
export type PlacementInvitationData = z.output<typeof placementInvitationSchema>;
export const placementInvitationResultSchema = z.object({ invited: z.literal(true) });
