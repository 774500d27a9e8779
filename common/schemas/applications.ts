import { z } from 'zod';
import { applicationAbilitiesSchema } from './abilities.ts';
import { instantSchema } from './money.ts';
import { APPLICATION_CHECKS, REJECTION_REASONS, RISK_LEVELS } from '../constants/options.ts';

/** POST /api/admin/update-application/{userId}: exactly one changed checklist or risk field. */
export const updateApplicationSchema = z
  .object({
    companyVerified: z.boolean(),
    linkedinChecked: z.boolean(),
    backgroundVerified: z.boolean(),
    referenceChecked: z.boolean(),
    competitorFlag: z.boolean(),
    industryConflict: z.boolean(),
    riskAssessment: z.enum(RISK_LEVELS),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length === 1, { message: 'Send exactly one checklist or risk field' });
export type UpdateApplicationInput = z.infer<typeof updateApplicationSchema>;

export const approveApplicationSchema = z.object({
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
});

export const rejectApplicationSchema = z.object({
  reason: z.enum(REJECTION_REASONS, { message: 'Please select a rejection reason' }),
  notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters').optional(),
});

export const applicantSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  yearsOfExperience: z.number().nullable(),
  address: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  networkingGoals: z.string().nullable(),
  businessInterests: z.array(z.string()),
  expertise: z.array(z.string()),
  industries: z.array(z.string()),
  profilePicture: z.string().nullable(),
  authProvider: z.string(),
  appliedAt: instantSchema.nullable(),
  emailVerified: z.boolean(),
});

export const pendingApplicationSchema = z.object({
  userId: z.string(),
  createdAt: instantSchema,
  user: applicantSchema,
  companyVerified: z.boolean(),
  linkedinChecked: z.boolean(),
  backgroundVerified: z.boolean(),
  referenceChecked: z.boolean(),
  riskAssessment: z.enum(RISK_LEVELS).nullable(),
  competitorFlag: z.boolean(),
  industryConflict: z.boolean(),
  reviewerNotes: z.string().nullable(),
  /** What the viewer may do with this application. */
  can: applicationAbilitiesSchema,
});
export type PendingApplication = z.infer<typeof pendingApplicationSchema>;

export const applicationStatsSchema = z.object({
  pending: z.number(),
  highRisk: z.number(),
  competitorFlags: z.number(),
  readyToApprove: z.number(),
});
export type ApplicationStats = z.infer<typeof applicationStatsSchema>;

/** Ready to approve: company, LinkedIn and background verified and no competitor flag. */
export function isReadyToApprove(a: Pick<PendingApplication, 'companyVerified' | 'linkedinChecked' | 'backgroundVerified' | 'competitorFlag'>): boolean {
  return a.companyVerified && a.linkedinChecked && a.backgroundVerified && !a.competitorFlag;
}

/** The checklist ticks that vouch for an applicant (the two flags are warnings, not checks). */
const VERIFICATION_CHECKS = APPLICATION_CHECKS.filter((c) => c.key !== 'competitorFlag' && c.key !== 'industryConflict');

/**
 * The review steps still open on an application, in the words the review shows: each verification tick not yet
 * given, and the risk while it is not assessed. Approving with any of them open asks the reviewer to confirm.
 */
export function outstandingChecks(
  a: Pick<PendingApplication, 'companyVerified' | 'linkedinChecked' | 'backgroundVerified' | 'referenceChecked' | 'riskAssessment'>,
): string[] {
  const open: string[] = VERIFICATION_CHECKS.filter(({ key }) => !a[key]).map(({ label }) => label);
  if (!a.riskAssessment) open.push('Risk Assessment: Not assessed');
  return open;
}
