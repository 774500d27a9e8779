import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../common/errors.ts';
import type { AdminDeletionRequest, DeletionRequest, DeletionRequestCreate } from '../../common/schemas/account.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { forgetCounts } from '../db/reused-count.ts';
import {
  accountDeletionRequests,
  auditLog,
  ceoMessages,
  communityPosts,
  dataExports,
  memberApplications,
  mentorProfiles,
  notificationPreferences,
  notifications,
  pointTransactions,
  presenceSockets,
  pushSubscriptions,
  userPresence,
  recommendationCache,
  recoveryCodes,
  sessions,
  signInChallenges,
  skillEndorsements,
  userTotp,
  users,
} from '../db/schema/index.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { endUserSessions } from '../plugins/session.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { canRequestDeletion, deletionAbilities } from '../policies/account.ts';
import { isAdmin, type Actor } from '../policies/roles.ts';
import { iso } from '../presenters/wire.ts';
import { recordAudit } from './audit.ts';
import { notify } from './notify.ts';
import { releaseUpcomingRegistrations } from './events.ts';
import { storedProfileFiles } from './profile-files.ts';
import { eraseChatMember } from './chat.ts';
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
    .where(and(inArray(users.role, ['admin', 'master-admin']), eq(users.isActive, true), eq(users.accountStatus, 'approved'), isNull(users.removedAt)));

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
      await notify(
        tx,
        admin.id,
        'account_deletion',
        { type: 'account_deletion_request', id: row.id },
        {
          title: 'Account deletion requested',
          message: `${user.firstName} ${user.lastName} asked for their account to be deleted.`,
          actionUrl: '/admin?tab=users',
          actorId: user.id,
          at: now,
        },
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

/** Pending requests, oldest first, with who asked and what this admin may do with each. */
export async function listPendingDeletions(db: Db, actor: Actor, q: PageQuery) {
  const where = eq(accountDeletionRequests.status, 'pending');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ r: accountDeletionRequests, u: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role } })
      .from(accountDeletionRequests)
      .innerJoin(users, eq(users.id, accountDeletionRequests.userId))
      .where(where)
      .orderBy(asc(accountDeletionRequests.requestedAt), asc(accountDeletionRequests.id))
      .limit(q.pageSize)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(accountDeletionRequests).where(where),
  ]);
  const items: AdminDeletionRequest[] = rows.map(({ r, u }) => ({
    ...present(r),
    userId: u.id,
    userName: `${u.firstName} ${u.lastName}`,
    userEmail: u.email,
    userRole: u.role,
    can: deletionAbilities(actor, u),
  }));
  return { items, total };
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
 * Other members' notifications about the member being erased: those their acts caused (a connection request, an
 * endorsement, a mentorship, a CEO Contact message copied to every admin, their own deletion request), and, for
 * notifications written before the actor was recorded, any that name them or quote their e-mail address.
 */
async function eraseOthersNotificationsAbout(tx: Tx, target: { id: string; email: string; firstName: string; lastName: string }) {
  const n = notifications;
  const fullName = `${target.firstName} ${target.lastName}`;
  await tx.delete(n).where(
    sql`${n.actorId} = ${target.id}
        or (${n.entityType} = 'user' and ${n.entityId} = ${target.id})
        or (${n.entityType} = 'ceo_message' and ${n.entityId} in (select ${ceoMessages.id}::text from ${ceoMessages} where ${ceoMessages.senderId} = ${target.id}))
        or (${n.entityType} = 'account_deletion_request' and ${n.entityId} in (select ${accountDeletionRequests.id}::text from ${accountDeletionRequests} where ${accountDeletionRequests.userId} = ${target.id}))
        or (${n.actorId} is null and (strpos(${n.message}, ${fullName}) > 0 or strpos(${n.title}, ${fullName}) > 0 or strpos(lower(${n.message}), ${target.email.toLowerCase()}) > 0))`,
  );
}

/**
 * An admin confirms a deletion request: in one transaction the account is anonymised (name "Deleted member",
 * a unique undeliverable e-mail, every sign-in means and personal field cleared, deactivated and removed from
 * lists, anonymisedAt set), its sessions, push subscriptions, two-factor secrets, preferences, exports, notifications, mentor profile,
 * community posts, endorsements given and CEO Contact messages are deleted, so are other members' notifications
 * about it and the outbox's copies of mail to it or naming it, its application's reviewer notes are cleared and its
 * points keep only what earned them, its chat messages are deleted (their
 * words cleared) and it leaves every chat group, its places at events still to come are
 * given up (the waitlist moves up), and the decision is audited. Leads,
 * their timelines, commissions and audit entries keep their rows and figures (they show "Deleted member"). The
 * last active administrator is never erased. Once committed, the stored files (picture, CV, post pictures,
 * exports) are removed and the member is e-mailed at the address they had.
 */
export async function confirmDeletion(deps: DeletionDeps, actor: Actor, id: string, note: string | undefined, now: Date) {
  const result = await deps.db.transaction(async (tx) => {
    // every admin row first, in id order, so two confirmations for the last two admins cannot both pass
    const admins = await tx
      .select({ id: users.id, isActive: users.isActive, accountStatus: users.accountStatus, removedAt: users.removedAt })
      .from(users)
      .where(inArray(users.role, ['admin', 'master-admin']))
      .orderBy(asc(users.id))
      .for('update');
    const { request, target } = await loadForDecision(tx, actor, id, 'confirm');
    if (isAdmin(target) && !admins.some((a) => a.id !== target.id && a.isActive && a.accountStatus === 'approved' && !a.removedAt)) {
      throw new AppError('conflict', 'This is the last administrator; make someone else an administrator first.');
    }
    const posts = await tx.delete(communityPosts).where(eq(communityPosts.authorId, target.id)).returning({ imageKey: communityPosts.imageKey });
    const endorsements = await tx.delete(skillEndorsements).where(eq(skillEndorsements.endorserId, target.id)).returning({ id: skillEndorsements.id });
    const exports = await tx.delete(dataExports).where(eq(dataExports.userId, target.id)).returning({ key: dataExports.storageKey });
    await eraseOthersNotificationsAbout(tx, target);
    await tx.delete(ceoMessages).where(eq(ceoMessages.senderId, target.id));
    await eraseChatMember(tx, target.id, now);
    await tx.delete(notifications).where(eq(notifications.userId, target.id));
    // copies of mail to them or naming them; what the member wrote to an admin is not kept
    await purgeOutboxAbout(tx, { email: target.email, fullName: `${target.firstName} ${target.lastName}` });
    await tx.update(memberApplications).set({ reviewerNotes: null }).where(eq(memberApplications.userId, target.id));
    // the audit log keeps what was done to the account and which fields changed, not the values (their old names,
    // addresses, phone numbers): each recorded value becomes null
    const namesOnly = (col: typeof auditLog.before | typeof auditLog.after) =>
      sql`case when jsonb_typeof(${col}) = 'object' then (select coalesce(jsonb_object_agg(k, 'null'::jsonb), '{}'::jsonb) from jsonb_object_keys(${col}) as k) else null end`;
    await tx
      .update(auditLog)
      .set({ before: namesOnly(auditLog.before), after: namesOnly(auditLog.after) })
      .where(eq(auditLog.entityId, target.id));
    // a reason keeps what earned the points, not what they wrote ("Community post: <title>" becomes "Community post")
    await tx
      .update(pointTransactions)
      .set({ reason: sql`split_part(${pointTransactions.reason}, ':', 1)` })
      .where(and(eq(pointTransactions.userId, target.id), sql`strpos(${pointTransactions.reason}, ':') > 0`));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, target.id));
    await tx.delete(mentorProfiles).where(eq(mentorProfiles.userId, target.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, target.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, target.id));
    await tx.delete(sessions).where(eq(sessions.userId, target.id));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, target.id));
    // nobody reads an erased account's presence or last-seen time
    await tx.delete(presenceSockets).where(eq(presenceSockets.userId, target.id));
    await tx.delete(userPresence).where(eq(userPresence.userId, target.id));
    // places at events still to come are given up, and the waitlist moves up
    await releaseUpcomingRegistrations(tx, target.id, now);
    // other members' cached recommendations that name them
    await tx.delete(recommendationCache).where(sql`${recommendationCache.items}::text like ${`%${target.id}%`}`);
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
      after: { anonymised: true, isActive: false, postsRemoved: posts.length, endorsementsRemoved: endorsements.length, requestId: request.id },
      at: now,
    });
    const fileKeys = [
      ...storedProfileFiles(target).allKeys,
      ...posts.flatMap((p) => (p.imageKey ? [p.imageKey] : [])),
      ...exports.flatMap((e) => (e.key ? [e.key] : [])),
    ];
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
    await notify(
      tx,
      target.id,
      'account_deletion',
      { type: 'account_deletion_request', id: request.id },
      {
        title: 'Account deletion request declined',
        message: note ? `Your request to delete your account was declined: ${note}`.slice(0, 300) : 'Your request to delete your account was declined.',
        actionUrl: '/profile-settings?tab=preferences',
        actorId: actor.id,
        at: now,
      },
    );
  });
}
