import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { RejectionReason } from '../../common/constants/options.ts';
import type { UpdateApplicationInput } from '../../common/schemas/applications.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { memberApplications, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { forgetUser } from '../plugins/session.ts';
import { applicationAbilities, reviewsApplications } from '../policies/applications.ts';
import type { Actor } from '../policies/roles.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { recordAudit } from './audit.ts';
import { sendVerificationEmail } from './email-verification.ts';
import { notifyMember } from './notify.ts';
import { admitAttempt } from './rate-limit.ts';
import { recordEvent } from './domain-events.ts';

/** Verification links one reviewer may have mailed to applicants in an hour (across every applicant). */
const REVIEWER_RESENDS_PER_HOUR = 30;

export interface ReviewDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

/**
 * Pending applications run newest application first, an applicant without an application time first (where a
 * descending order puts nulls); the partial index `users_pending_applied_id_idx` holds this order.
 */
const APPLICATION_ORDER: KeyOrder = [
  { expr: sql`coalesce(${users.appliedAt}, 'infinity'::timestamptz)`, type: 'timestamptz', desc: true },
  { expr: users.id, desc: true },
];

/** Pending applications, newest first, one page at a time, with the applicant's details (admin review list) and the cursors either side. */
export async function listPendingApplications(db: Db, q: PageQuery) {
  const pending = eq(users.accountStatus, 'pending');
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(APPLICATION_ORDER) })
        .from(users)
        .innerJoin(memberApplications, eq(memberApplications.userId, users.id))
        .where(pending)
        .orderBy(...keysetOrderBy(APPLICATION_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      APPLICATION_ORDER,
      q,
      (plan) =>
        db
          .select({ application: memberApplications, user: users, ...keysetColumns(APPLICATION_ORDER) })
          .from(memberApplications)
          .innerJoin(users, eq(users.id, memberApplications.userId))
          .where(and(pending, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(memberApplications).innerJoin(users, eq(users.id, memberApplications.userId)).where(pending),
  ]);
  return { rows: page.rows, total, page: page.page, nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** The four summary cards of the review screen, counted in SQL. */
export async function applicationStats(db: Db) {
  const [row] = await db
    .select({
      pending: count(),
      highRisk: sql<number>`count(*) filter (where ${memberApplications.riskAssessment} = 'high')`.mapWith(Number),
      competitorFlags: sql<number>`count(*) filter (where ${memberApplications.competitorFlag})`.mapWith(Number),
      readyToApprove:
        sql<number>`count(*) filter (where ${memberApplications.companyVerified} and ${memberApplications.linkedinChecked} and ${memberApplications.backgroundVerified} and not ${memberApplications.competitorFlag})`.mapWith(
          Number,
        ),
    })
    .from(memberApplications)
    .innerJoin(users, eq(users.id, memberApplications.userId))
    .where(eq(users.accountStatus, 'pending'));
  return row ?? { pending: 0, highRisk: 0, competitorFlags: 0, readyToApprove: 0 };
}

/** Saves one checklist or risk change on a pending application and audits it. */
export async function updateApplication(deps: ReviewDeps, actor: Actor, userId: string, change: UpdateApplicationInput) {
  const actorId = actor.id;
  if (!reviewsApplications(actor)) throw new AppError('forbidden', 'Administrator access is required.');
  return deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ application: memberApplications, status: users.accountStatus, emailVerifiedAt: users.emailVerifiedAt })
      .from(memberApplications)
      .innerJoin(users, eq(users.id, memberApplications.userId))
      .where(eq(memberApplications.userId, userId))
      .for('update', { of: memberApplications });
    if (!current) throw new AppError('not_found', 'Application not found.');
    if (!applicationAbilities(actor, { accountStatus: current.status, emailVerifiedAt: current.emailVerifiedAt }).update)
      throw new AppError('conflict', 'This application has already been decided.');
    const [field] = Object.keys(change) as Array<keyof UpdateApplicationInput>;
    const [updated] = await tx
      .update(memberApplications)
      .set({ ...change, reviewedBy: actorId, reviewedAt: deps.now() })
      .where(eq(memberApplications.userId, userId))
      .returning();
    await recordAudit(tx, {
      actorId,
      action: 'application.update',
      entityType: 'user',
      entityId: userId,
      before: { [field]: current.application[field] },
      after: { [field]: updated[field] },
    });
    return updated;
  });
}

/**
 * Approves a pending (or previously rejected) applicant and tells them (a notification, which e-mails them at once:
 * application decisions are on by default and an applicant cannot have changed that yet).
 */
export async function approveApplication(deps: ReviewDeps, actor: Actor, userId: string, notes?: string) {
  const actorId = actor.id;
  if (!reviewsApplications(actor)) throw new AppError('forbidden', 'Administrator access is required.');
  const at = deps.now();
  const user = await deps.db.transaction(async (tx) => {
    // the state it comes from (pending, or rejected when reconsidered) is what the audit records as before
    const [current] = await tx.select({ status: users.accountStatus, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).for('update');
    if (current) {
      const can = applicationAbilities(actor, { accountStatus: current.status, emailVerifiedAt: current.emailVerifiedAt });
      if (can.approveBlockedReason) throw new AppError('conflict', `${can.approveBlockedReason} Approve the application once they have confirmed it.`);
      if (!can.approve) throw await decisionError(tx as unknown as Db, userId);
    }
    const [updated] = await tx
      .update(users)
      .set({ accountStatus: 'approved', approvedAt: at, approvedBy: actorId, rejectedAt: null, rejectedBy: null, rejectionReason: null, applicationNotes: notes || null })
      .where(and(eq(users.id, userId), inArray(users.accountStatus, ['pending', 'rejected'])))
      .returning();
    if (!updated || !current) throw await decisionError(tx as unknown as Db, userId);
    await tx
      .update(memberApplications)
      .set({ reviewedBy: actorId, reviewedAt: at, ...(notes ? { reviewerNotes: notes } : {}) })
      .where(eq(memberApplications.userId, userId));
    await recordAudit(tx, {
      actorId,
      action: 'application.approve',
      entityType: 'user',
      entityId: userId,
      before: { accountStatus: current.status },
      after: { accountStatus: 'approved', notes: notes || null },
    });
    const { brandName } = deps.config;
    await notifyMember(tx, userId, 'application_decision', { decision: 'approved', brandName }, { entity: { type: 'user', id: userId }, actorId, at });
    await recordEvent(tx, 'member.approved', { userId }, { entityId: userId, actorId, at });
    return updated;
  });
  forgetUser(deps.db, userId);
  return user;
}

/** Rejects a pending applicant with a reason and tells them (a notification, e-mailed at once as an approval is). */
export async function rejectApplication(deps: ReviewDeps, actor: Actor, userId: string, reason: RejectionReason, notes?: string) {
  const actorId = actor.id;
  if (!reviewsApplications(actor)) throw new AppError('forbidden', 'Administrator access is required.');
  const at = deps.now();
  const user = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ accountStatus: 'rejected', rejectedAt: at, rejectedBy: actorId, rejectionReason: reason, applicationNotes: notes || null })
      .where(and(eq(users.id, userId), eq(users.accountStatus, 'pending')))
      .returning();
    if (!updated) throw await decisionError(tx as unknown as Db, userId);
    await tx
      .update(memberApplications)
      .set({ reviewedBy: actorId, reviewedAt: at, ...(notes ? { reviewerNotes: notes } : {}) })
      .where(eq(memberApplications.userId, userId));
    await recordAudit(tx, {
      actorId,
      action: 'application.reject',
      entityType: 'user',
      entityId: userId,
      before: { accountStatus: 'pending' },
      after: { accountStatus: 'rejected', reason, notes: notes || null },
    });
    const { brandName, supportEmail } = deps.config;
    await notifyMember(
      tx,
      userId,
      'application_decision',
      { decision: 'rejected', brandName, reason, supportEmail },
      { entity: { type: 'user', id: userId }, actorId, at },
    );
    await recordEvent(tx, 'member.rejected', { userId, reason }, { entityId: userId, actorId, at });
    return updated;
  });
  forgetUser(deps.db, userId);
  return user;
}

/**
 * A reviewer mails a pending applicant a new verification link (their first may have been lost or expired).
 * It counts against the same per-account limit as the applicant's own requests, so together they cannot flood
 * the applicant's inbox, and against the reviewer's own hourly allowance; each one sent is audited.
 */
export async function resendApplicantVerification(
  deps: ReviewDeps & { mailer: Mailer; log?: { warn: (obj: object, msg: string) => void } },
  actor: Actor,
  userId: string,
  request: { origin: string | null },
) {
  if (!reviewsApplications(actor)) throw new AppError('forbidden', 'Administrator access is required.');
  const [applicant] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, accountStatus: users.accountStatus, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .innerJoin(memberApplications, eq(memberApplications.userId, users.id))
    .where(eq(users.id, userId));
  if (!applicant) throw new AppError('not_found', 'Application not found.');
  if (applicant.emailVerifiedAt) throw new AppError('conflict', 'This applicant has already verified their e-mail address.');
  if (!applicationAbilities(actor, applicant).resendVerification) throw new AppError('conflict', 'This application has already been decided.');
  const { resendMax, resendWindowMs: windowMs } = deps.config.verification;
  const admission = await admitAttempt(
    deps.db,
    [
      { key: `verify-resend-user:${applicant.id}`, max: resendMax, windowMs },
      { key: `verify-resend-reviewer:${actor.id}`, max: REVIEWER_RESENDS_PER_HOUR, windowMs },
    ],
    deps.now(),
  );
  if (!admission.admitted) {
    throw new AppError('rate_limited', 'Too many verification e-mails sent to this applicant. Please try again later.', {
      headers: { 'Retry-After': String(admission.retryAfter) },
    });
  }
  await sendVerificationEmail(deps, request.origin, applicant);
  await recordAudit(deps.db, {
    actorId: actor.id,
    action: 'application.resend_verification',
    entityType: 'user',
    entityId: applicant.id,
    after: { email: applicant.email },
  });
}

async function decisionError(db: Db, userId: string): Promise<AppError> {
  const [row] = await db.select({ status: users.accountStatus }).from(users).where(eq(users.id, userId));
  if (!row) return new AppError('not_found', 'Application not found.');
  return new AppError('conflict', 'This application has already been decided.');
}
