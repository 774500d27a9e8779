import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  accountDeletionRequests,
  appSettings,
  auditLog,
  dataExports,
  domainEvents,
  memberActiveDays,
  memberActiveWeeks,
  memberSearch,
  notificationPreferences,
  notifications,
  presenceSockets,
  pushSubscriptions,
  recoveryCodes,
  sessions,
  signInChallenges,
  userOnboarding,
  userPresence,
  userTotp,
  users,
} from '../../db/schema/index.ts';
import { keysetPages, mapPages, streamKey, type StreamOrder } from '../../lib/stream-pages.ts';
import { iso } from '../../presenters/wire.ts';
import { purgeOutboxAbout } from '../../services/outbox.ts';
import { storedProfileFiles } from '../../services/profile-files.ts';
import { extensionOf, type ErasedAccount, type FeatureData } from '../data-types.ts';

const OLDEST_NOTIFICATION_FIRST: StreamOrder = {
  parts: [
    { expr: notifications.createdAt, type: 'timestamptz' },
    { expr: notifications.id, type: 'uuid' },
  ],
};

const SIGN_IN_SECRET = 'a sign-in secret or challenge: a credential, never handed out';
const AN_ID_ONLY = 'which administrator acted: an id only, the name shows as "Deleted member"';

/** The member's profile, sign-in methods (never the password), e-mail preferences and push browsers, and their stored files. */
async function profile(db: Db, userId: string, now: Date) {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new Error('account not found');
  const [prefs] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  // the browsers that take push notifications, without their push addresses and keys (credentials of the channel), and
  // whether each is active (its session not past its expiry), never when a push last reached it
  const devices = await db
    .select({
      userAgent: pushSubscriptions.userAgent,
      createdAt: pushSubscriptions.createdAt,
      active: sql<boolean>`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
    })
    .from(pushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, pushSubscriptions.sessionId))
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
  const files = storedProfileFiles(u);
  return {
    json: {
      id: u.id,
      username: u.username,
      email: u.email,
      emailVerifiedAt: iso(u.emailVerifiedAt),
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      accountStatus: u.accountStatus,
      isActive: u.isActive,
      membershipTier: u.membershipTier,
      company: u.company,
      jobTitle: u.jobTitle,
      location: u.location,
      bio: u.bio,
      expertise: u.expertise,
      industries: u.industries,
      linkedinUrl: u.linkedinUrl,
      website: u.website,
      phoneNumber: u.phoneNumber,
      dateOfBirth: u.dateOfBirth,
      fullAddress: u.fullAddress,
      yearsExperience: u.yearsExperience,
      businessInterests: u.businessInterests,
      networkingGoals: u.networkingGoals,
      applicationNotes: u.applicationNotes,
      availableForNetworking: u.availableForNetworking,
      signInMethods: { password: !!u.password, google: !!u.googleId, apple: !!u.appleId },
      totalPoints: u.totalPoints,
      currentLevel: u.currentLevel,
      appliedAt: iso(u.appliedAt),
      approvedAt: iso(u.approvedAt),
      createdAt: iso(u.createdAt),
      notificationPreferences: prefs ? { emailTypes: prefs.emailTypes, emailFrequency: prefs.emailFrequency } : null,
      pushDevices: devices.map((d) => ({ browser: d.userAgent, subscribedAt: iso(d.createdAt), active: !!d.active })),
    },
    files: [
      ...(files.pictureKey ? [{ key: files.pictureKey, name: 'files/profile-picture.webp' }] : []),
      ...files.cvKeys.map((key) => ({ key, name: `files/cv${extensionOf(key)}`, optional: true })),
    ],
  };
}

/**
 * Other members' notifications about the member being erased: those their acts caused (a connection request, an
 * endorsement, a mentorship, their own deletion request), and, for notifications written before the actor was
 * recorded, any that name them or quote their e-mail address. (Features delete the notifications about their
 * own records, such as CEO Contact messages, in their erase step.)
 */
async function eraseOthersNotificationsAbout(tx: Tx, target: ErasedAccount) {
  const n = notifications;
  const fullName = `${target.firstName} ${target.lastName}`;
  await tx.delete(n).where(
    sql`${n.actorId} = ${target.id}
        or (${n.entityType} = 'user' and ${n.entityId} = ${target.id})
        or (${n.entityType} = 'account_deletion_request' and ${n.entityId} in (select ${accountDeletionRequests.id}::text from ${accountDeletionRequests} where ${accountDeletionRequests.userId} = ${target.id}))
        or (${n.actorId} is null and (strpos(${n.message}, ${fullName}) > 0 or strpos(${n.title}, ${fullName}) > 0 or strpos(lower(${n.message}), ${target.email.toLowerCase()}) > 0))`,
  );
}

/**
 * The account's own records: its profile and preferences, sign-in means, sessions and devices, notifications,
 * exports and audit values. The account row itself is anonymised by the deletion service after every feature's step.
 */
export const accountsData = {
  feature: 'accounts',
  personalTables: [
    { column: sessions.userId, file: 'profile.json', erase: 'deleted' },
    { column: pushSubscriptions.userId, file: 'profile.json', erase: 'deleted' },
    { column: notificationPreferences.userId, file: 'profile.json', erase: 'deleted' },
    { column: notifications.userId, file: 'notifications.json', erase: 'deleted' },
    { column: userTotp.userId, notExported: SIGN_IN_SECRET, erase: 'deleted' },
    { column: recoveryCodes.userId, notExported: SIGN_IN_SECRET, erase: 'deleted' },
    { column: signInChallenges.userId, notExported: SIGN_IN_SECRET, erase: 'deleted' },
    { column: presenceSockets.userId, notExported: 'which live connections are open right now: gone when the browser closes', erase: 'deleted' },
    { column: userPresence.userId, notExported: 'whether the member is online and when they were last seen, shown live', erase: 'deleted' },
    { column: memberActiveDays.userId, notExported: 'the days the member used the product, counted in the programme analytics', erase: 'deleted' },
    { column: memberActiveWeeks.userId, notExported: 'the weeks the member used the product, kept from those days for the programme analytics', erase: 'deleted' },
    {
      column: memberSearch.userId,
      notExported: 'a lowered copy of the name, company and job title on their profile, which the search reads',
      erase: 'anonymised',
      how: 'kept in step with the account row, so it holds the anonymised name and no company or job title',
    },
    { column: userOnboarding.userId, notExported: 'which introduction steps the app has shown them; nothing they wrote', erase: 'deleted' },
    { column: dataExports.userId, notExported: 'the exports themselves (listed in the member’s settings)', erase: 'deleted' },
    {
      column: accountDeletionRequests.userId,
      notExported: 'the request and its decision, shown in the member’s settings',
      erase: 'anonymised',
      how: 'the reason they gave is cleared; the request stays as the record of the decision',
    },
    { column: accountDeletionRequests.decidedBy, notExported: 'the organisation’s record of who decided a request', erase: 'kept', reason: AN_ID_ONLY },
    { column: appSettings.updatedBy, notExported: 'the organisation’s settings, not the member’s data', erase: 'kept', reason: AN_ID_ONLY },
    {
      column: auditLog.actorId,
      notExported: 'the organisation’s audit trail',
      erase: 'kept',
      reason: 'the audit trail keeps who did what; entries about the account keep their field names, never the values',
    },
    {
      column: domainEvents.actorId,
      notExported: 'the organisation’s log of facts, which names records by id only and holds no personal details',
      erase: 'nulled',
    },
  ],
  sections: [
    {
      file: 'profile.json',
      describe: 'your profile, sign-in methods (never your password), e-mail preferences and the browsers taking push notifications',
      collect: profile,
    },
    {
      file: 'notifications.json',
      describe: 'the notifications you received',
      // read in keyset pages as the file is written: a member may have received very many
      pages: (db, userId) =>
        mapPages(
          keysetPages(OLDEST_NOTIFICATION_FIRST, (p) =>
            db
              .select({ n: notifications, key: streamKey(OLDEST_NOTIFICATION_FIRST) })
              .from(notifications)
              .where(and(eq(notifications.userId, userId), p.after))
              .orderBy(...p.orderBy)
              .limit(p.limit),
          ),
          (rows) => rows.map(({ n }) => ({ type: n.type, title: n.title, message: n.message, isRead: n.isRead, createdAt: iso(n.createdAt), readAt: iso(n.readAt) })),
        ),
    },
  ],
  async erase(tx, target) {
    const exports = await tx.delete(dataExports).where(eq(dataExports.userId, target.id)).returning({ key: dataExports.storageKey });
    await eraseOthersNotificationsAbout(tx, target);
    await tx.delete(notifications).where(eq(notifications.userId, target.id));
    // copies of mail to them or naming them; what the member wrote to an admin is not kept
    await purgeOutboxAbout(tx, { email: target.email, fullName: `${target.firstName} ${target.lastName}` });
    // the audit log keeps what was done to the account and which fields changed, not the values (their old names,
    // addresses, phone numbers): each recorded value becomes null
    const namesOnly = (col: typeof auditLog.before | typeof auditLog.after) =>
      sql`case when jsonb_typeof(${col}) = 'object' then (select coalesce(jsonb_object_agg(k, 'null'::jsonb), '{}'::jsonb) from jsonb_object_keys(${col}) as k) else null end`;
    await tx
      .update(auditLog)
      .set({ before: namesOnly(auditLog.before), after: namesOnly(auditLog.after) })
      .where(eq(auditLog.entityId, target.id));
    // the facts stay; who acted is forgotten
    await tx.update(domainEvents).set({ actorId: null }).where(eq(domainEvents.actorId, target.id));
    for (const table of [
      notificationPreferences,
      userTotp,
      recoveryCodes,
      signInChallenges,
      sessions,
      pushSubscriptions,
      userOnboarding,
      memberActiveDays,
      memberActiveWeeks,
    ]) {
      await tx.delete(table).where(eq(table.userId, target.id));
    }
    // nobody reads an erased account's presence or last-seen time
    await tx.delete(presenceSockets).where(eq(presenceSockets.userId, target.id));
    await tx.delete(userPresence).where(eq(userPresence.userId, target.id));
    await tx.update(accountDeletionRequests).set({ reason: null }).where(eq(accountDeletionRequests.userId, target.id));
    return { fileKeys: [...storedProfileFiles(target).allKeys, ...exports.flatMap((e) => (e.key ? [e.key] : []))] };
  },
} satisfies FeatureData;
