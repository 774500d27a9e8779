import { z } from 'zod';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/** The most characters one message in a lead's discussion may have. */
export const LEAD_COMMENT_MAX = 2000;

const leadCommentContent = z
  .string({ error: 'Write a message' })
  .trim()
  .min(1, 'Write a message')
  .max(LEAD_COMMENT_MAX, `A message must be at most ${LEAD_COMMENT_MAX.toLocaleString('en-GB')} characters`);

/**
 * POST /api/leads/{id}/comments: a message in the lead's discussion. Mentions are written inline as
 * `@[Display Name](user:<uuid>)`. `internal: true` makes it an internal note that only administrators ever see
 * (anywhere: the discussion, the timeline, notifications, live updates); a partner sending it gets 403.
 */
export const leadCommentCreateSchema = z
  .object({
    content: leadCommentContent,
    internal: z.boolean().optional(),
  })
  .strict();
export type LeadCommentCreate = z.infer<typeof leadCommentCreateSchema>;

export const leadCommentAuthorSchema = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  /** The author was an administrator when the viewer reads it (shown as "Chief Partners team"). */
  admin: z.boolean(),
});

/** PATCH /api/lead-comments/{id}: its author rewrites a message (marked edited; only members newly mentioned are told). */
export const leadCommentEditSchema = z.object({ content: leadCommentContent }).strict();
export type LeadCommentEdit = z.infer<typeof leadCommentEditSchema>;

/** What the viewer may do with one message: its author edits it and deletes it (DELETE /api/lead-comments/{id}). */
export const leadCommentAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean() });

/** One message of a lead's discussion. */
export const leadCommentSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  /** Null when the author's account is gone. */
  author: leadCommentAuthorSchema.nullable(),
  /** Plain text with inline mention tokens. */
  content: z.string(),
  /** An internal note (only ever in an administrator's answer). */
  internal: z.boolean(),
  createdAt: instantSchema,
  editedAt: instantSchema.nullable(),
  can: leadCommentAbilitiesSchema,
});
export type LeadComment = z.infer<typeof leadCommentSchema>;

/** What the viewer may do in one lead's discussion. */
export const leadThreadAbilitiesSchema = z.object({ comment: z.boolean(), writeInternal: z.boolean() });
export type LeadThreadAbilities = z.infer<typeof leadThreadAbilitiesSchema>;

/**
 * GET /api/leads/{id}/comments: the discussion oldest first (newest last), paged by cursor (`nextCursor` → `after`
 * reads the next, newer page). A partner sees only the messages that are not internal, and only on their own leads
 * (another partner's lead is 404).
 */
export const leadCommentQuerySchema = pageQuery(50, 100);
export const leadCommentPageSchema = pageOf(leadCommentSchema).extend({ can: leadThreadAbilitiesSchema });
export type LeadCommentPage = z.infer<typeof leadCommentPageSchema>;
