import { z } from 'zod';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/**
 * Reports and moderation of the community feed. Any member reports a post or a comment they can see; the
 * administrators review the reports (one report per post or comment, gathering every member's reason) and hide
 * the content, restore it, or dismiss the report. Hidden content disappears for everyone but its author and the
 * administrators, who see it marked HIDDEN_CONTENT_LABEL.
 */

/** What the author and the administrators read on hidden content. */
export const HIDDEN_CONTENT_LABEL = 'Hidden by a moderator';

/** What a report is about. */
export const REPORT_TARGET_TYPES = ['post', 'comment'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The longest reason a member may give. */
export const REPORT_REASON_MAX = 500;

/** POST /api/reports: a member reports a post or comment (not their own) once while the report is open. */
export const reportCreateSchema = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: 'Choose what you report' }),
    targetId: z.uuid('Not found.'),
    reason: z.string().trim().min(1, 'Tell the moderators what is wrong').max(REPORT_REASON_MAX, `A reason must be at most ${REPORT_REASON_MAX} characters`),
  })
  .strict();
export type ReportCreate = z.infer<typeof reportCreateSchema>;

/**
 * What POST /api/reports answers (201). A second report of the same post or comment by the same member while the
 * first is open answers 409 ("You have already reported this."); a member reports at most 20 times an hour (429).
 */
export const reportReceiptSchema = z.object({ id: z.string(), message: z.string() });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

/**
 * A report's state: open (waiting for an administrator), or closed by one of them: the content hidden, restored
 * after being hidden, or the report dismissed (nothing wrong). A closed report opens again when a member reports
 * the content anew.
 */
export const REPORT_STATUSES = ['open', 'hidden', 'restored', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', hidden: 'Hidden', restored: 'Restored', dismissed: 'Dismissed' };

/** GET /api/admin/reports: open reports first, then the closed ones; each group latest report first. */
export const REPORT_FILTERS = ['all', 'open', 'closed'] as const;
export const reportQuerySchema = pageQuery(20, 50).extend({ status: z.enum(REPORT_FILTERS).default('all') });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** One member's reason, with who gave it and when. */
export const reportReasonSchema = z.object({ reason: z.string(), reporterName: z.string(), createdAt: instantSchema });

/** What an administrator may do with a report now. */
export const reportAbilitiesSchema = z.object({ hide: z.boolean(), restore: z.boolean(), dismiss: z.boolean() });

/** A report as the administrators review it: the content reported, its author, and what members said. */
export const reportSchema = z.object({
  /** The report's id: the {id} of the hide, restore and dismiss actions. */
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  /** The post the content is (or is on), for a link: `/community?post=<postId>`. */
  postId: z.string(),
  /** The post's title (for a comment, the title of the post it is on). */
  postTitle: z.string(),
  /** The beginning of the reported post's or comment's words, as plain text (mentions as `@Name`), at most 280 characters. */
  excerpt: z.string(),
  /** Whether the content is hidden now. */
  hidden: z.boolean(),
  author: z.object({ id: z.string(), name: z.string(), picture: z.string().nullable() }),
  /** How many members reported it in this round (since it was last closed). */
  reportersCount: z.number().int().min(0),
  /** Their reasons, latest first, at most 20. */
  reasons: z.array(reportReasonSchema),
  firstReportedAt: instantSchema,
  lastReportedAt: instantSchema,
  /** When and by whom it was last closed; null while open. */
  resolvedAt: instantSchema.nullable(),
  resolvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  can: reportAbilitiesSchema,
});
export type Report = z.infer<typeof reportSchema>;

export const reportPageSchema = pageOf(reportSchema).extend({ openCount: z.number().int().min(0) });
export type ReportPage = z.infer<typeof reportPageSchema>;

/**
 * POST /api/admin/reports/{id}/hide | restore | dismiss: no body; answers the report as it now stands. Hide: the
 * content is hidden and the report closed (allowed while the content is not hidden); restore: the hidden content
 * shows again (allowed while it is hidden); dismiss: an open report is closed, the content untouched. Hiding and
 * restoring tell the author (notification `content_moderated`).
 */
export const REPORT_ACTIONS = ['hide', 'restore', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const reportActionParamsSchema = z.object({ id: z.uuid('Report not found.'), action: z.enum(REPORT_ACTIONS) });
