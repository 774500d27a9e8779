import { aliasedTable, and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { mentionsAsPlainText } from '../../common/schemas/mentions.ts';
import type { Report, ReportAction, ReportCreate, ReportPage, ReportQuery, ReportReceipt, ReportStatus } from '../../common/schemas/moderation.ts';
import type { Db, Tx } from '../db/client.ts';
import { forgetCounts } from '../db/reused-count.ts';
import { communityPosts, contentReportReasons, contentReports, postComments, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
import { announceChange } from '../live/bus.ts';
import { authorize } from '../policies/authorize.ts';
import { COMMENT_MESSAGES, commentPermission } from '../policies/comments.ts';
import { reportAbilities, reportListPermission, reportPermission } from '../policies/moderation.ts';
import { POST_MESSAGES, postPermission } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { notifyMember } from './notify.ts';
import { refreshPostActivity } from './post-comments.ts';
import { admitAttempt } from './rate-limit.ts';

/** How often a member may report: 20 times an hour, counted in the database like every other attempt limit. */
export const REPORTING_LIMIT = { max: 20, windowMs: 3_600_000 } as const;
export const REPORTING_LIMIT_MESSAGE = 'You are reporting too often. Please wait a while before reporting again.';
export const REPORT_RECEIVED = 'Thank you. The moderators will look at it.';

const EXCERPT_CHARS = 280;
/** A raw statement's rows, whichever driver ran it (an array, or an object holding `rows`). */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);
const REASONS_SHOWN = 20;

/**
 * The reported post or comment, loaded for the reporter (404 when it is not there for them) and held (FOR SHARE) to
 * the end of the transaction: a moderator hiding it meanwhile is waited for, so a report never reopens on content
 * just hidden.
 */
async function reportableTarget(tx: Tx, actor: Actor, data: ReportCreate) {
  if (data.targetType === 'post') {
    const [post] = await tx
      .select({ id: communityPosts.id, authorId: communityPosts.authorId, hiddenAt: communityPosts.hiddenAt })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, data.targetId), eq(communityPosts.isPublished, true)))
      .for('share');
    if (!post) throw new AppError('not_found', POST_MESSAGES.notFound);
    authorize(postPermission(actor, 'report', post));
    return { postId: post.id, commentId: null };
  }
  const [c] = await tx
    .select({
      authorId: postComments.authorId,
      parentId: postComments.parentId,
      deletedAt: postComments.deletedAt,
      hiddenAt: postComments.hiddenAt,
      postId: postComments.postId,
      post: { authorId: communityPosts.authorId, hiddenAt: communityPosts.hiddenAt },
    })
    .from(postComments)
    .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
    .where(and(eq(postComments.id, data.targetId), isNull(postComments.deletedAt), eq(communityPosts.isPublished, true)))
    .for('share');
  if (!c) throw new AppError('not_found', COMMENT_MESSAGES.notFound);
  authorize(commentPermission(actor, 'report', c, c.post));
  return { postId: c.postId, commentId: data.targetId };
}

/**
 * A member reports a post or comment they can see and did not write. The one report of that content is opened (or
 * opened again, when it was closed) and the member's reason added; a member has one open reason per report, so a
 * second answers 409. At most REPORTING_LIMIT an hour (429).
 */
export async function createReport(db: Db, actor: Actor, data: ReportCreate, now: Date): Promise<ReportReceipt> {
  const admission = await admitAttempt(db, [{ key: `report:${actor.id}`, ...REPORTING_LIMIT }], now);
  if (!admission.admitted) throw new AppError('rate_limited', REPORTING_LIMIT_MESSAGE, { headers: { 'Retry-After': String(admission.retryAfter) } });
  const id = await db.transaction(async (tx) => {
    const target = await reportableTarget(tx, actor, data);
    const at = now.toISOString();
    const conflictTarget = target.commentId ? sql`(comment_id) where comment_id is not null` : sql`(post_id) where comment_id is null`;
    const reopened = sql`case when content_reports.status = 'open'`;
    const [report] = rowsOf<{ id: string }>(
      await tx.execute(sql`
      insert into content_reports (target_type, post_id, comment_id, status, first_reported_at, last_reported_at)
      values (${data.targetType}, ${target.postId}, ${target.commentId}, 'open', ${at}::timestamptz, ${at}::timestamptz)
      on conflict ${conflictTarget} do update set
        first_reported_at = ${reopened} then content_reports.first_reported_at else excluded.first_reported_at end,
        last_reported_at = excluded.last_reported_at,
        resolved_at = ${reopened} then content_reports.resolved_at else null end,
        resolved_by = ${reopened} then content_reports.resolved_by else null end,
        status = 'open'
      returning id`),
    );
    const added = await tx
      .insert(contentReportReasons)
      .values({ reportId: report.id, reporterId: actor.id, reason: data.reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: contentReportReasons.id });
    if (!added.length) throw new AppError('conflict', 'You have already reported this.');
    return report.id;
  });
  return { id, message: REPORT_RECEIVED };
}

/** The review list's order: open reports first, then latest reported first (`content_reports_review_idx`). */
const REVIEW_ORDER: KeyOrder = [
  { expr: sql`(${contentReports.status} = 'open')`, type: 'boolean', desc: true },
  { expr: contentReports.lastReportedAt, desc: true },
  { expr: contentReports.id, desc: true },
];

const author = aliasedTable(users, 'author');
const resolver = aliasedTable(users, 'resolver');

const reportColumns = {
  id: contentReports.id,
  status: contentReports.status,
  targetType: contentReports.targetType,
  postId: contentReports.postId,
  commentId: contentReports.commentId,
  postTitle: communityPosts.title,
  content: sql<string>`coalesce(${postComments.content}, ${communityPosts.content})`,
  hidden: sql<boolean>`(case when ${contentReports.commentId} is null then ${communityPosts.hiddenAt} else ${postComments.hiddenAt} end) is not null`,
  authorId: author.id,
  authorName: sql<string>`${author.firstName} || ' ' || ${author.lastName}`,
  authorPicture: author.profilePicture,
  firstReportedAt: contentReports.firstReportedAt,
  lastReportedAt: contentReports.lastReportedAt,
  resolvedAt: contentReports.resolvedAt,
  resolvedById: resolver.id,
  resolvedByName: sql<string | null>`${resolver.firstName} || ' ' || ${resolver.lastName}`,
};

const reportRows = (db: Db | Tx, where: SQL | undefined) =>
  db
    .select({ ...reportColumns, ...keysetColumns(REVIEW_ORDER) })
    .from(contentReports)
    .innerJoin(communityPosts, eq(communityPosts.id, contentReports.postId))
    .leftJoin(postComments, eq(postComments.id, contentReports.commentId))
    .innerJoin(author, eq(author.id, sql`coalesce(${postComments.authorId}, ${communityPosts.authorId})`))
    .leftJoin(resolver, eq(resolver.id, contentReports.resolvedBy))
    .where(where);
type ReportRow = {
  id: string;
  status: string;
  targetType: string;
  postId: string;
  commentId: string | null;
  postTitle: string;
  content: string;
  hidden: boolean;
  authorId: string;
  authorName: string;
  authorPicture: string | null;
  firstReportedAt: Date;
  lastReportedAt: Date;
  resolvedAt: Date | null;
  resolvedById: string | null;
  resolvedByName: string | null;
};

/**
 * The reasons of this round of each report (open ones while it is open; those it closed once it is closed),
 * latest first, at most REASONS_SHOWN each, with how many there are; one query for the page.
 */
async function reasonsOf(db: Db | Tx, ids: string[]) {
  const out = new Map<string, { count: number; reasons: Report['reasons'] }>(ids.map((id) => [id, { count: 0, reasons: [] }]));
  if (!ids.length) return out;
  const rows = rowsOf<{ report_id: string; reason: string; name: string; created_at: string | Date; n: number }>(
    await db.execute(sql`
    select * from (
      select x.report_id, x.reason, u.first_name || ' ' || u.last_name as name, x.created_at,
        count(*) over (partition by x.report_id)::int as n,
        row_number() over (partition by x.report_id order by x.created_at desc, x.id desc)::int as rn
      from ${contentReportReasons} x
      join ${contentReports} r on r.id = x.report_id
      join ${users} u on u.id = x.reporter_id
      where x.report_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and ((r.status = 'open' and x.closed_at is null) or (r.status <> 'open' and x.closed_at = r.resolved_at))
    ) t where t.rn <= ${REASONS_SHOWN} order by t.report_id, t.rn`),
  );
  for (const r of rows) {
    const entry = out.get(r.report_id)!;
    entry.count = Number(r.n);
    entry.reasons.push({ reason: r.reason, reporterName: r.name, createdAt: iso(new Date(r.created_at)) });
  }
  return out;
}

function presentReport(actor: Actor, r: ReportRow, reasons: { count: number; reasons: Report['reasons'] }): Report {
  const status = r.status as ReportStatus;
  const facts = { status, hidden: r.hidden };
  return {
    id: r.id,
    status,
    targetType: r.targetType as Report['targetType'],
    targetId: r.commentId ?? r.postId,
    postId: r.postId,
    postTitle: r.postTitle,
    excerpt: mentionsAsPlainText(r.content).replace(/\s+/g, ' ').trim().slice(0, EXCERPT_CHARS),
    hidden: r.hidden,
    author: { id: r.authorId, name: r.authorName, picture: r.authorPicture },
    reportersCount: reasons.count,
    reasons: reasons.reasons,
    firstReportedAt: iso(r.firstReportedAt),
    lastReportedAt: iso(r.lastReportedAt),
    resolvedAt: iso(r.resolvedAt),
    resolvedBy: r.resolvedById && r.resolvedByName ? { id: r.resolvedById, name: r.resolvedByName } : null,
    can: reportAbilities(actor, facts),
  };
}

/** The reports for the administrators: open first, then closed, each latest reported first, paged by cursor. */
export async function listReports(db: Db, actor: Actor, q: ReportQuery): Promise<ReportPage> {
  authorize(reportListPermission(actor));
  const filter = q.status === 'open' ? eq(contentReports.status, 'open') : q.status === 'closed' ? ne(contentReports.status, 'open') : undefined;
  const read = (plan: KeysetPlan): Promise<ReportRow[]> =>
    reportRows(db, and(filter, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
  // a page asked for by number starts from the key of the row before it, read from the review index alone
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(REVIEW_ORDER) })
        .from(contentReports)
        .where(filter)
        .orderBy(...keysetOrderBy(REVIEW_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ n }], [{ open }]] = await Promise.all([
    readKeysetPage(REVIEW_ORDER, q, read, seek),
    db.select({ n: count() }).from(contentReports).where(filter),
    db.select({ open: count() }).from(contentReports).where(eq(contentReports.status, 'open')),
  ]);
  const reasons = await reasonsOf(
    db,
    page.rows.map((r) => r.id),
  );
  const { rows, ...position } = page;
  return { items: rows.map((r) => presentReport(actor, r, reasons.get(r.id)!)), total: n, openCount: open, pageSize: q.pageSize, ...position };
}

async function readReport(db: Db | Tx, actor: Actor, id: string): Promise<Report> {
  const [row] = await reportRows(db, eq(contentReports.id, id));
  if (!row) throw new AppError('not_found', 'Report not found.');
  return presentReport(actor, row, (await reasonsOf(db, [id])).get(id)!);
}

/**
 * An administrator acts on a report (audited): hides the content (only its author and the administrators see it
 * then; a hidden comment leaves its post's count), restores hidden content, or dismisses the report. Hiding and
 * restoring close the report and tell the author (`content_moderated`); every open reason closes with the report.
 */
export async function actOnReport(db: Db, actor: Actor, id: string, action: ReportAction, now: Date): Promise<Report> {
  await db.transaction(async (tx) => {
    const [report] = await tx.select().from(contentReports).where(eq(contentReports.id, id)).for('update');
    if (!report) throw new AppError('not_found', 'Report not found.');
    const onPost = report.commentId === null;
    const [target] = onPost
      ? await tx
          .select({ authorId: communityPosts.authorId, hiddenAt: communityPosts.hiddenAt, title: communityPosts.title })
          .from(communityPosts)
          .where(eq(communityPosts.id, report.postId))
          .for('update')
      : await tx
          .select({ authorId: postComments.authorId, hiddenAt: postComments.hiddenAt, title: communityPosts.title })
          .from(postComments)
          .innerJoin(communityPosts, eq(communityPosts.id, postComments.postId))
          .where(eq(postComments.id, report.commentId!))
          .for('update', { of: postComments });
    if (!target) throw new AppError('not_found', 'Report not found.');
    const before = { status: report.status as ReportStatus, hidden: target.hiddenAt !== null };
    authorize(reportPermission(actor, action, before));
    if (action !== 'dismiss') {
      const hidden = action === 'hide' ? { hiddenAt: now, hiddenBy: actor.id } : { hiddenAt: null, hiddenBy: null };
      if (onPost) await tx.update(communityPosts).set(hidden).where(eq(communityPosts.id, report.postId));
      // the post's count and latest activity leave a hidden comment out
      else {
        await tx.update(postComments).set(hidden).where(eq(postComments.id, report.commentId!));
        await refreshPostActivity(tx, [report.postId]);
      }
    }
    const status: ReportStatus = action === 'hide' ? 'hidden' : action === 'restore' ? 'restored' : 'dismissed';
    await tx.update(contentReports).set({ status, resolvedAt: now, resolvedBy: actor.id }).where(eq(contentReports.id, id));
    const closed = await tx
      .update(contentReportReasons)
      .set({ closedAt: now })
      .where(and(eq(contentReportReasons.reportId, id), isNull(contentReportReasons.closedAt)))
      .returning({ id: contentReportReasons.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: `content_report.${action}`,
      entityType: 'content_report',
      entityId: id,
      before: { targetType: report.targetType, reportStatus: before.status, hidden: before.hidden },
      after: { reportStatus: status, hidden: action === 'dismiss' ? before.hidden : action === 'hide', reportersCount: closed.length },
      at: now,
    });
    if (action !== 'dismiss') {
      const about = {
        action: action === 'hide' ? ('hidden' as const) : ('restored' as const),
        targetType: report.targetType as 'post' | 'comment',
        postId: report.postId,
        postTitle: target.title,
      };
      await notifyMember(tx, target.authorId, 'content_moderated', about, { entity: { type: 'community_post', id: report.postId }, at: now, actorId: actor.id });
    }
  });
  // the shared feed totals leave hidden posts out; open feeds refresh (the announcement carries no content)
  forgetCounts(db, 'feed:');
  await announceChange(db, 'post');
  return readReport(db, actor, id);
}
