import { z } from 'zod';
import { EMAIL_FREQUENCIES, EMAIL_PREFERENCE_TYPES } from '../constants/notifications.ts';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/* ---------- e-mail notification preferences ---------- */

/** GET and PUT /api/notification-preferences: the groups e-mailed and how often; `isDefault` while the member never chose. */
export const notificationPreferencesSchema = z.object({
  emailTypes: z.array(z.enum(EMAIL_PREFERENCE_TYPES)),
  emailFrequency: z.enum(EMAIL_FREQUENCIES),
  isDefault: z.boolean(),
  /** The groups this member may choose from (the admin-only ones for administrators alone), in the order to list them. */
  available: z.array(z.enum(EMAIL_PREFERENCE_TYPES)),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notification-preferences: every group the member wants e-mailed (an unknown one is refused), and the frequency. */
export const notificationPreferencesUpdateSchema = z
  .object({
    emailTypes: z
      .array(z.enum(EMAIL_PREFERENCE_TYPES, { error: 'Unknown notification type' }), { error: 'emailTypes must be a list' })
      .max(EMAIL_PREFERENCE_TYPES.length * 2, 'Too many notification types'),
    emailFrequency: z.enum(EMAIL_FREQUENCIES, { error: 'Frequency must be immediate or daily' }),
  })
  .strict();
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdateSchema>;

/* ---------- data export ---------- */

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;

/** One of a member's exports; `expired` once its download window closed (its file is deleted). */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: instantSchema,
  completedAt: instantSchema.nullable(),
  expiresAt: instantSchema.nullable(),
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/data-exports: the member's recent exports, newest first, and how many more they may start today. */
export const dataExportListSchema = z.object({ items: z.array(dataExportSchema), remainingToday: z.number().int().min(0) });
export type DataExportList = z.infer<typeof dataExportListSchema>;

export const dataExportParams = z.object({ id: z.uuid('Export not found.') });

/* ---------- account deletion ---------- */

export const DELETION_STATUSES = ['pending', 'confirmed', 'declined', 'cancelled'] as const;

/** POST /api/account-deletion-request: an optional reason; `confirm` must be DELETE or the member's own e-mail (checked by the server). */
export const deletionRequestCreateSchema = z
  .object({
    reason: z.string().trim().max(1000, 'Reason must be at most 1,000 characters').optional(),
    confirm: z.string().trim().min(1, 'Type DELETE or your e-mail address to confirm').max(320),
  })
  .strict();
export type DeletionRequestCreate = z.infer<typeof deletionRequestCreateSchema>;

export const deletionRequestSchema = z.object({
  id: z.string(),
  status: z.enum(DELETION_STATUSES),
  reason: z.string().nullable(),
  requestedAt: instantSchema,
  decidedAt: instantSchema.nullable(),
  decisionNote: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** GET /api/account-deletion-request: the member's latest request, if any. */
export const deletionRequestEnvelopeSchema = z.object({
  request: deletionRequestSchema.nullable(),
  /** Whether this member may ask for their account to be deleted (a master-admin may not). */
  canRequest: z.boolean(),
});
export type DeletionRequestEnvelope = z.infer<typeof deletionRequestEnvelopeSchema>;

/** A pending request as administrators see it: who asked, and whether this admin may decide it. */
export const adminDeletionRequestSchema = deletionRequestSchema.extend({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  userRole: z.string(),
  can: z.object({ confirm: z.boolean(), decline: z.boolean() }),
});
export type AdminDeletionRequest = z.infer<typeof adminDeletionRequestSchema>;

export const adminDeletionQuerySchema = pageQuery(20, 100);
export const adminDeletionPageSchema = pageOf(adminDeletionRequestSchema);
export type AdminDeletionPage = z.infer<typeof adminDeletionPageSchema>;

/** POST /api/admin/account-deletion-requests/:id/confirm|decline: an optional note, told to the member on a decline. */
export const deletionDecisionSchema = z.object({ note: z.string().trim().max(1000, 'Note must be at most 1,000 characters').optional() }).strict();
export const deletionParams = z.object({ id: z.uuid('Request not found.') });
