import { z } from 'zod';

/** What the signed-in user may do across the product; the web shows admin areas and actions only from these. */
export const globalAbilitiesSchema = z.object({
  adminPanel: z.boolean(),
  reviewApplications: z.boolean(),
  manageUsers: z.boolean(),
  manageLeads: z.boolean(),
  payCommissions: z.boolean(),
  createEvents: z.boolean(),
  submitLeads: z.boolean(),
  /** Change the organisation's security settings (master-admins only). */
  manageSecuritySettings: z.boolean(),
});
export type GlobalAbilities = z.infer<typeof globalAbilitiesSchema>;

/**
 * What the viewer may do with one lead. `update`: change its status (admins); `edit`: change the lead's own fields
 * (its partner, while it is submitted or under review; admins in any status); `editCommissionFields`: change among
 * them the ones its commission is computed from (as `edit`, but never once it is won); `withdraw`: take it out of the pipeline (its partner, while
 * it is not closed); `assign`: name the administrator who owns it (admins); `comment`: write in its discussion;
 * `writeInternal`: write internal notes there, which only administrators ever see.
 */
export const leadAbilitiesSchema = z.object({
  read: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  seeDuplicateFlag: z.boolean(),
  edit: z.boolean(),
  editCommissionFields: z.boolean(),
  withdraw: z.boolean(),
  assign: z.boolean(),
  comment: z.boolean(),
  writeInternal: z.boolean(),
});
export type LeadAbilities = z.infer<typeof leadAbilitiesSchema>;

/**
 * What an admin may do to one account in User Management. `edit`: correct the member's profile details;
 * `changeRole`: make them a partner or an admin (a master-admin's decision only).
 * `sendPasswordReset`: e-mail them a link to choose a new password (the admin never sees or sets it).
 */
export const userAbilitiesSchema = z.object({
  activate: z.boolean(),
  deactivate: z.boolean(),
  remove: z.boolean(),
  edit: z.boolean(),
  changeRole: z.boolean(),
  sendPasswordReset: z.boolean(),
});
export type UserAbilities = z.infer<typeof userAbilitiesSchema>;

/** What the viewer may do with one commission. */
export const commissionAbilitiesSchema = z.object({ markPaid: z.boolean() });
export type CommissionAbilities = z.infer<typeof commissionAbilitiesSchema>;

/**
 * What the viewer may do with one connection or request: answer it (accept or decline), withdraw a request they
 * sent, or remove an accepted connection.
 */
export const connectionAbilitiesSchema = z.object({ respond: z.boolean(), withdraw: z.boolean(), remove: z.boolean() });
export type ConnectionAbilities = z.infer<typeof connectionAbilitiesSchema>;

/**
 * What a reviewer may do with one membership application. `approveBlockedReason` says, in words for the reviewer, why
 * an application they could otherwise decide may not be approved yet (null when it may, or when they review none);
 * `resendVerification`: whether they may mail the applicant a new verification link.
 */
export const applicationAbilitiesSchema = z.object({
  update: z.boolean(),
  approve: z.boolean(),
  reject: z.boolean(),
  approveBlockedReason: z.string().nullable(),
  resendVerification: z.boolean(),
});
export type ApplicationAbilities = z.infer<typeof applicationAbilitiesSchema>;
