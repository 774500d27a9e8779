import type { CurrentUser } from '../../common/schemas/user.ts';
import type { PendingApplication } from '../../common/schemas/applications.ts';
import type { memberApplications } from '../db/schema/index.ts';
import type { SessionSecurity } from '../plugins/session-cache.ts';
import { twoFactorSetupRequired, type UserRow } from '../plugins/session.ts';
import { applicationAbilities } from '../policies/applications.ts';
import { globalAbilities } from '../policies/global.ts';
import { isFirstSignIn } from '../services/first-sign-in.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from './wire.ts';

/** A user who has not turned on two-factor sign-in, where nothing more is known (an applicant cannot have done so yet). */
export const NO_SECOND_FACTOR: SessionSecurity = { twoFactorEnabled: false, adminTwoFactorRequired: false };

/**
 * The signed-in user's own view of their account: every field they gave, never the password hash; with their
 * second factor as read with the session.
 */
export function presentCurrentUser(u: UserRow, security: SessionSecurity, sessionId: string | null = null): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role as CurrentUser['role'],
    isActive: u.isActive,
    accountStatus: u.accountStatus as CurrentUser['accountStatus'],
    authProvider: u.authProvider,
    profilePicture: u.profilePicture,
    company: u.company,
    jobTitle: u.jobTitle,
    location: u.location,
    bio: u.bio,
    expertise: u.expertise,
    industries: u.industries,
    businessInterests: u.businessInterests,
    networkingGoals: u.networkingGoals,
    linkedinUrl: u.linkedinUrl,
    website: u.website,
    phoneNumber: u.phoneNumber,
    availableForNetworking: u.availableForNetworking,
    membershipTier: u.membershipTier as CurrentUser['membershipTier'],
    cvUrl: u.cvUrl,
    totalPoints: u.totalPoints,
    currentLevel: u.currentLevel,
    appliedAt: iso(u.appliedAt),
    approvedAt: iso(u.approvedAt),
    rejectedAt: iso(u.rejectedAt),
    rejectionReason: u.rejectionReason,
    createdAt: iso(u.createdAt),
    emailVerified: !!u.emailVerifiedAt,
    googleLinked: !!u.googleId,
    appleLinked: !!u.appleId,
    twoFactorEnabled: security.twoFactorEnabled,
    twoFactorSetupRequired: twoFactorSetupRequired(u, security),
    firstSignIn: isFirstSignIn(u, sessionId),
    can: globalAbilities(u),
  };
}

type ApplicationRow = typeof memberApplications.$inferSelect;

/** An application as the admin review screen reads it (with the field names that screen uses: phone, dateOfBirth, yearsOfExperience …). */
export function presentApplication(viewer: Actor, a: ApplicationRow, u: UserRow): PendingApplication {
  return {
    userId: u.id,
    createdAt: iso(a.createdAt),
    companyVerified: a.companyVerified,
    linkedinChecked: a.linkedinChecked,
    backgroundVerified: a.backgroundVerified,
    referenceChecked: a.referenceChecked,
    riskAssessment: a.riskAssessment as PendingApplication['riskAssessment'],
    competitorFlag: a.competitorFlag,
    industryConflict: a.industryConflict,
    reviewerNotes: a.reviewerNotes,
    can: applicationAbilities(viewer, u),
    user: {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      username: u.username,
      company: u.company,
      jobTitle: u.jobTitle,
      location: u.location,
      bio: u.bio,
      phone: u.phoneNumber,
      dateOfBirth: u.dateOfBirth,
      yearsOfExperience: u.yearsExperience,
      address: u.fullAddress,
      websiteUrl: u.website,
      linkedinUrl: u.linkedinUrl,
      networkingGoals: u.networkingGoals,
      businessInterests: u.businessInterests,
      expertise: u.expertise,
      industries: u.industries,
      profilePicture: u.profilePicture,
      authProvider: u.authProvider,
      appliedAt: iso(u.appliedAt),
      emailVerified: !!u.emailVerifiedAt,
    },
  };
}
