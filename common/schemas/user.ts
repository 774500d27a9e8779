import { z } from 'zod';
import { instantSchema } from './money.ts';
import { globalAbilitiesSchema } from './abilities.ts';
import { ACCOUNT_STATUSES, MEMBERSHIP_TIERS, ROLES } from '../constants/options.ts';

/** The signed-in user as the server presents it to that same user (never a password hash). */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  authProvider: z.string(),
  profilePicture: z.string().nullable(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  expertise: z.array(z.string()),
  industries: z.array(z.string()),
  businessInterests: z.array(z.string()),
  networkingGoals: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  website: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  availableForNetworking: z.boolean(),
  membershipTier: z.enum(MEMBERSHIP_TIERS),
  cvUrl: z.string().nullable(),
  totalPoints: z.number(),
  currentLevel: z.number(),
  appliedAt: instantSchema.nullable(),
  approvedAt: instantSchema.nullable(),
  rejectedAt: instantSchema.nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: instantSchema,
  /** Whether the owner proved the e-mail address (a verification link, or a provider that vouched for it). */
  emailVerified: z.boolean(),
  /** Whether a Google or Apple identity signs in to this account (never the provider's id itself). */
  googleLinked: z.boolean(),
  appleLinked: z.boolean(),
  /** Whether a code from an authenticator app is asked for at sign-in. */
  twoFactorEnabled: z.boolean(),
  /** An administrator who must turn on two-factor sign-in before anything else works (an admin setting). */
  twoFactorSetupRequired: z.boolean(),
  /** Whether this is the member's first sign-in (their first session as an approved member): the dashboard welcomes them. */
  firstSignIn: z.boolean(),
  /** What this user may do across the product; the web decides what to show from these, never from the role. */
  can: globalAbilitiesSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const userEnvelopeSchema = z.object({ user: currentUserSchema });

/** GET /api/site: what the screens need before anyone signs in. */
export const siteInfoSchema = z.object({
  brandName: z.string(),
  supportEmail: z.string(),
  signIn: z.object({ google: z.boolean(), apple: z.boolean() }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
