import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../common/errors.ts';
import type { AdminDeletionRequest, DeletionRequest, DeletionRequestCreate } from '../../common/schemas/account.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { forgetCounts } from '../db/reused-count.ts';
import { accountDeletionRequests, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { dataRegistry } from '../features/data-registry.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { endUserSessions } from '../plugins/session.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { canRequestDeletion, deletionAbilities, erasureLeavesNoAdministrator } from '../policies/account.ts';
import { hasAdminRoleSql, type Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { notifyMember } from './notify.ts';
import { purgeOutboxAbout } from './outbox.ts';

export interface DeletionDeps {
  db: Db;
  storage: FileStorage;
  mailer: Mailer;
  brandName: string;
  log: FastifyBaseLogger;
}

/** What an erased account is called wherever its name still shows (a lead's submitter, an audit entry). */
export const DELETED_NAME = { firstName: 'Deleted', lastName: 'member' } as const;
/** A unique address that can never receive mail (the .invalid top-level domain is reserved for that). */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

const CONFIRM_MESSAGE = 'Type DELETE or your e-mail address to confirm';

type RequestRow = typeof accountDeletionRequests.$inferSelect;

const present = (r: RequestRow): DeletionRequest => ({
  id: r.id,
  status: r.status as DeletionRequest['status'],
  reason: r.reason,
  requestedAt: iso(r.requestedAt)!,
  decidedAt: iso(r.decidedAt),
  decisionNote: r.decisionNote,
});

/** The member's latest deletion request, if any. */
export async function getDeletionRequest(db: Db, userId: string): Promise<DeletionRequest | null> {
  const [row] = await db
    .select()
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.userId, userId))
    .orderBy(desc(accountDeletionRequests.requestedAt), desc(accountDeletionRequests.id))
    .limit(1);
  return row ? present(row) : null;
}

const activeAdmins = (db: Db | Tx) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(hasAdminRoleSql(users.role), eq(users.isActive, true), eq(users.accountStatus, 'approved'), isNull(users.removedAt)));

/**
 * A member asks for their account to be deleted. They confirm by typing DELETE or their own e-mail address; a
 * master-admin cannot ask (the organisation's owner is never erased this way). One request may be pending at a
 * time. Every active admin is notified.
 */
export async function requestDeletion(db: Db, user: Actor & { email: string; firstName: string; lastName: string }, data: DeletionRequestCreate, now: Date) {
  const typed = data.confirm.trim();
  if (typed !== 'DELETE' && typed.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('validation_failed', CONFIRM_MESSAGE, { issues: [{ path: 'confirm', message: CONFIRM_MESSAGE }] });
  }
  if (!canRequestDeletion(user)) throw new AppError('forbidden', 'A master administrator account cannot be deleted this way.');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${user.id} for no key update`);
    const [open] = await tx
      .select({ id: accountDeletionRequests.id })
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.userId, user.id), eq(accountDeletionRequests.status, 'pending')));
    if (open) throw new AppError('conflict', 'You already asked for your account to be deleted.');
    const [row] = await tx
      .insert(accountDeletionRequests)
      .values({ userId: user.id, reason: data.reason || null, status: 'pending', requestedAt: now })
      .returning();
    for (const admin of await activeAdmins(tx)) {
      await notifyMember(
        tx,
        admin.id,
        'account_deletion',
        { event: 'requested', memberName: `${user.firstName} ${user.lastName}` },
        { entity: { type: 'account_deletion_request', id: row.id }, actorId: user.id, at: now },
      );
    }
    return present(row);
  });
}

/** The member withdraws their pending request. */
export async function cancelDeletion(db: Db, userId: string, now: Date): Promise<DeletionRequest> {
  const [row] = await db
    .update(accountDeletionRequests)
    .set({ status: 'cancelled', decidedAt: now })
    .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
    .returning();
  if (!row) throw new AppError('not_found', 'You have no pending deletion request.');
  return present(row);
}

/** Pending requests run oldest first; the partial index `account_deletion_requests_pending_order_idx` holds this order. */
const DELETION_ORDER: KeyOrder = [{ expr: accountDeletionRequests.requestedAt }, { expr: accountDeletionRequests.id }];

/** Pending requests, oldest first, with who asked and what this admin may do with each, and the cursors either side. */
export async function listPendingDeletions(db: Db, actor: Actor, q: PageQuery) {
  const where = eq(accountDeletionRequests.status, 'pending');
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(DELETION_ORDER) })
        .from(accountDeletionRequests)
        .where(where)
        .orderBy(...keysetOrderBy(DELETION_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      DELETION_ORDER,
      q,
      (plan) =>
        db
          .select({
            r: accountDeletionRequests,
            u: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role },
            ...keysetColumns(DELETION_ORDER),
          })
          .from(accountDeletionRequests)
          .innerJoin(users, eq(users.id, accountDeletionRequests.userId))
          .where(and(where, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(accountDeletionRequests).where(where),
  ]);
  const { rows, nextCursor, prevCursor } = page;
  const items: AdminDeletionRequest[] = rows.map(({ r, u }) => ({
    ...present(r),
    userId: u.id,
    userName: `${u.firstName} ${u.lastName}`,
    userEmail: u.email,
    userRole: u.role,
    can: deletionAbilities(actor, u),
  }));
  return { items, total, page: page.page, nextCursor, prevCursor };
}

/** Loads a pending request and its member under lock, and checks this admin may take the decision. */
async function loadForDecision(tx: Tx, actor: Actor, id: string, decision: 'confirm' | 'decline') {
  const [request] = await tx.select().from(accountDeletionRequests).where(eq(accountDeletionRequests.id, id)).for('update');
  if (!request) throw new AppError('not_found', 'Request not found.');
  if (request.status !== 'pending') throw new AppError('conflict', 'This request has already been decided or withdrawn.');
  const [target] = await tx.select().from(users).where(eq(users.id, request.userId)).for('update');
  if (!target) throw new AppError('not_found', 'Request not found.');
  const can = deletionAbilities(actor, target);
  if (!can[decision]) {
    throw new AppError(
      'forbidden',
      actor.id === target.id
        ? 'You cannot decide your own deletion request.'
        : 'Only a master administrator can delete an administrator’s account; a master administrator’s never.',
    );
  }
  return { request, target };
}

/**
 * An admin confirms a deletion request: in one transaction every feature's erase step runs (`server/features/<feature>/data.ts`
 * declares, table by table, what is deleted, anonymised or kept and why), then the account is anonymised (name
 * "Deleted member", a unique undeliverable e-mail, every sign-in means and personal field cleared, deactivated and
 * removed from lists, anonymisedAt set) and the decision is audited. Leads, their timelines, commissions,
 * placements, timesheets and audit entries keep their rows and figures (they show "Deleted member"). The last
 * active administrator is never erased. Once committed, the stored files the steps name (picture, CV, post
 * pictures, exports) are removed and the member is e-mailed at the address they had.
 */
export async function confirmDeletion(deps: DeletionDeps, actor: Actor, id: string, note: string | undefined, now: Date) {
  const result = await deps.db.transaction(async (tx) => {
    // every admin row first, in id order, so two confirmations for the last two admins cannot both pass
    const admins = await tx
      .select({ id: users.id, isActive: users.isActive, accountStatus: users.accountStatus, removedAt: users.removedAt })
      .from(users)
      .where(hasAdminRoleSql(users.role))
      .orderBy(asc(users.id))
      .for('update');
    const { request, target } = await loadForDecision(tx, actor, id, 'confirm');
    if (erasureLeavesNoAdministrator(target, admins)) {
      throw new AppError('conflict', 'This is the last administrator; make someone else an administrator first.');
    }
    // each feature's step, in the registry's order; the account row itself last
    const fileKeys: string[] = [];
    const counts: Record<string, number> = {};
    for (const feature of dataRegistry) {
      const outcome = await feature.erase?.(tx, target, now);
      fileKeys.push(...(outcome?.fileKeys ?? []));
      Object.assign(counts, outcome?.counts);
    }
    await tx
      .update(users)
      .set({
        ...DELETED_NAME,
        email: deletedEmail(target.id),
        emailVerifiedAt: null,
        username: null,
        password: null,
        googleId: null,
        appleId: null,
        authProvider: 'local',
        profilePicture: null,
        cvUrl: null,
        company: null,
        jobTitle: null,
        location: null,
        bio: null,
        expertise: [],
        industries: [],
        businessInterests: [],
        linkedinUrl: null,
        phoneNumber: null,
        website: null,
        dateOfBirth: null,
        fullAddress: null,
        yearsExperience: null,
        networkingGoals: null,
        applicationNotes: null,
        rejectionReason: null,
        availableForNetworking: false,
        isActive: false,
        removedAt: target.removedAt ?? now,
        anonymisedAt: now,
      })
      .where(eq(users.id, target.id));
    await tx
      .update(accountDeletionRequests)
      .set({ status: 'confirmed', decidedBy: actor.id, decidedAt: now, decisionNote: note || null, reason: null })
      .where(eq(accountDeletionRequests.id, request.id));
    // no personal data in the audit entry: what was done, and how much
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.anonymise',
      entityType: 'user',
      entityId: target.id,
      before: { role: target.role, isActive: target.isActive, removedAt: iso(target.removedAt) },
      after: { anonymised: true, isActive: false, postsRemoved: counts.postsRemoved ?? 0, endorsementsRemoved: counts.endorsementsRemoved ?? 0, requestId: request.id },
      at: now,
    });
    return { email: target.email, firstName: target.firstName, fullName: `${target.firstName} ${target.lastName}`, fileKeys, userId: target.id };
  });
  await endUserSessions(deps.db, result.userId);
  forgetCounts(deps.db, 'feed:');
  await Promise.all(result.fileKeys.map((k) => deps.storage.remove(k).catch((err) => deps.log.warn({ err, key: k }, 'stored file of an erased account not removed'))));
  await deps.mailer.send({
    to: result.email,
    subject: `Your ${deps.brandName} account has been deleted`,
    text: `Hello ${result.firstName},\n\nAs you asked, your ${deps.brandName} account has been deleted. Your personal details, posts and endorsements were removed; the records of leads you referred and commissions remain, under "Deleted member", as our accounts require.\n\nYou can no longer sign in. You are welcome to apply again with this e-mail address at any time.`,
  });
  // the notice went out; the outbox keeps no copy of their address
  await purgeOutboxAbout(deps.db, { email: result.email, fullName: result.fullName }).catch((err) =>
    deps.log.warn({ err }, 'outbox copy of an erasure notice not removed'),
  );
}

/**
 * An admin declines a deletion request: the member is notified (with the admin's note; the notification is always
 * e-mailed, as an answer to their own request), and the decision is audited.
 */
export async function declineDeletion(deps: DeletionDeps, actor: Actor, id: string, note: string | undefined, now: Date) {
  await deps.db.transaction(async (tx) => {
    const { request, target } = await loadForDecision(tx, actor, id, 'decline');
    await tx
      .update(accountDeletionRequests)
      .set({ status: 'declined', decidedBy: actor.id, decidedAt: now, decisionNote: note || null })
      .where(eq(accountDeletionRequests.id, request.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'account_deletion.decline',
      entityType: 'user',
      entityId: target.id,
      before: { status: 'pending' },
      after: { status: 'declined', note: note || null },
      at: now,
    });
    await notifyMember(
      tx,
      target.id,
      'account_deletion',
      { event: 'declined', note: note || null },
      { entity: { type: 'account_deletion_request', id: request.id }, actorId: actor.id, at: now },
    );
  });
}
