import { z } from 'zod';

/** A member as other members see them in the directory and recommendations: no e-mail, phone or address. */
export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
  industries: z.array(z.string()),
  expertise: z.array(z.string()),
  linkedinUrl: z.string().nullable(),
  website: z.string().nullable(),
  role: z.string(),
  membershipTier: z.string(),
  yearsExperience: z.number().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  industry: z.string().trim().max(100).optional(),
  expertise: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});

export const memberPageSchema = z.object({ items: z.array(memberSchema), total: z.number(), page: z.number(), pageSize: z.number() });

export const recommendationSchema = memberSchema.extend({ score: z.number(), reasons: z.array(z.string()) });
export type MemberRecommendation = z.infer<typeof recommendationSchema>;

/** POST /api/member-connections: spec 01 names the receiver receiverId, spec 02 requesteeId; both accepted. */
export const connectionRequestSchema = z
  .object({
    receiverId: z.uuid('Unknown member').optional(),
    requesteeId: z.uuid('Unknown member').optional(),
    message: z.string().trim().max(500, 'Message must be at most 500 characters').optional(),
  })
  .strict()
  .refine((v) => !!(v.receiverId ?? v.requesteeId), { message: 'Choose a member to connect with', path: ['receiverId'] });

export const connectionResponseSchema = z.object({ status: z.enum(['accepted', 'declined']) }).strict();

export const connectionSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  status: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
  otherMember: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), company: z.string().nullable(), jobTitle: z.string().nullable() }),
});
export type Connection = z.infer<typeof connectionSchema>;

/** A user as the admin User Management screen reads them, with referral figures. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  isActive: z.boolean(),
  accountStatus: z.string(),
  membershipTier: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  totalLeads: z.number(),
  successfulLeads: z.number(),
  totalCommission: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const adminUserPageSchema = z.object({ items: z.array(adminUserSchema), total: z.number(), page: z.number(), pageSize: z.number() });

export const userStatusSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) }).strict();

export const onboardingSchema = z.object({
  hasCompletedWizard: z.boolean(),
  currentWizardStep: z.number(),
  completedWizardSteps: z.array(z.string()),
  wizardCompletedAt: z.string().nullable(),
});
export const onboardingUpdateSchema = z
  .object({
    hasCompletedWizard: z.boolean().optional(),
    currentWizardStep: z.number().int().min(0).max(20).optional(),
    completedWizardSteps: z.array(z.string().max(40)).max(20).optional(),
  })
  .strict();

export const auditEntrySchema = z.object({
  id: z.string(),
  actorName: z.string().nullable(),
  /** The person or company the entry is about, when it can still be named. */
  entityLabel: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
