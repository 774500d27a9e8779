import type { Readable } from 'node:stream';
import archiver, { type Archiver } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { DataExport } from '../../common/schemas/account.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  achievements,
  ceoMessages,
  commissions,
  communityPosts,
  dataExports,
  eventRegistrations,
  events,
  leadActivities,
  leads,
  memberConnections,
  mentorProfiles,
  mentorReviews,
  mentorshipRequests,
  mentorshipSessions,
  notificationPreferences,
  pushSubscriptions,
  notifications,
  pointTransactions,
  sessions,
  skillEndorsements,
  userAchievements,
  users,
} from '../db/schema/index.ts';
import { FileTooLargeError, type FileStorage } from '../plugins/storage.ts';
import { iso } from '../presenters/wire.ts';
import { notify } from './notify.ts';
import { storedProfileFiles } from './profile-files.ts';
import { messagesSentBy } from './chat.ts';

/** How many exports a member may start in 24 hours, how long one may be downloaded, and when a pending one is taken as lost. */
export const DATA_EXPORT_LIMITS = { perDay: 3, validMs: 24 * 3_600_000, staleMs: 5 * 60_000, listed: 10, maxBytes: 500 * 1024 * 1024 } as const;

export const EXPORT_DAILY_LIMIT_MESSAGE = `You can request up to ${DATA_EXPORT_LIMITS.perDay} data exports a day. Please try again tomorrow.`;
const INTERRUPTED = 'The export was interrupted. Please request a new one.';
const FAILED = 'The export could not be prepared. Please request a new one.';
export const EXPORT_TOO_LARGE = `Your data is larger than the ${DATA_EXPORT_LIMITS.maxBytes / 1024 / 1024} MB an export can hold, so this export stopped. Please contact us and we will send you a copy another way.`;

export interface DataExportDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  brandName: string;
  log: FastifyBaseLogger;
  /** The size bound of one export (default DATA_EXPORT_LIMITS.maxBytes). */
  maxExportBytes?: number;
}

type ExportRow = typeof dataExports.$inferSelect;

export const downloadUrl = (id: string) => `/api/data-exports/${id}/download`;

/** An export as its owner sees it: a ready one whose download window closed is `expired` (its file is gone). */
export function presentExport(row: ExportRow, now: Date): DataExport {
  const expired = row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now || !row.storageKey);
  const status = expired ? 'expired' : (row.status as DataExport['status']);
  return {
    id: row.id,
    status,
    sizeBytes: row.sizeBytes,
    error: row.status === 'failed' ? (row.error ?? FAILED) : null,
    createdAt: iso(row.createdAt)!,
    completedAt: iso(row.completedAt),
    expiresAt: iso(row.expiresAt),
    downloadUrl: status === 'ready' ? downloadUrl(row.id) : null,
  };
}

/** Exports started in the last 24 hours that count against the limit (a failed one does not: the member was not served). */
async function startedToday(tx: Tx, userId: string, now: Date): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed'), gte(dataExports.createdAt, new Date(now.getTime() - 86_400_000))));
  return n;
}

/**
 * Starts an export for the member, or answers the one already being prepared. The member's row is locked first,
 * so two requests at once start one export and the daily limit holds. A pending export older than the stale
 * window was lost (the process stopped) and is marked failed before a new one starts.
 */
export async function requestExport(db: Db, userId: string, now: Date): Promise<{ row: ExportRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
    await tx
      .update(dataExports)
      .set({ status: 'failed', error: INTERRUPTED, completedAt: now })
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending'), lte(dataExports.createdAt, new Date(now.getTime() - DATA_EXPORT_LIMITS.staleMs))));
    const [pending] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
      .limit(1);
    if (pending) return { row: pending, created: false };
    if ((await startedToday(tx, userId, now)) >= DATA_EXPORT_LIMITS.perDay) throw new AppError('rate_limited', EXPORT_DAILY_LIMIT_MESSAGE);
    const [row] = await tx.insert(dataExports).values({ userId, status: 'pending', createdAt: now }).returning();
    return { row, created: true };
  });
}

/** The member's recent exports, newest first, and how many more they may start today; expired files are deleted first. */
export async function listExports(deps: Pick<DataExportDeps, 'db' | 'storage'>, userId: string, now: Date) {
  await sweepExpiredExports(deps, now, userId);
  const rows = await deps.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(DATA_EXPORT_LIMITS.listed);
  const [{ n }] = await deps.db
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed'), gte(dataExports.createdAt, new Date(now.getTime() - 86_400_000))));
  return { items: rows.map((r) => presentExport(r, now)), remainingToday: Math.max(0, DATA_EXPORT_LIMITS.perDay - n) };
}

/** The ZIP of one export, for its owner only (anyone else: not found); gone once expired, refused while not ready. */
export async function openExport(deps: Pick<DataExportDeps, 'db' | 'storage'>, userId: string, id: string, now: Date) {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Export not found.');
  if (row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now || !row.storageKey))
    throw new AppError('gone', 'This export has expired. Please request a new one.');
  if (row.status !== 'ready')
    throw new AppError('conflict', row.status === 'pending' ? 'This export is still being prepared.' : 'This export failed. Please request a new one.');
  const file = await deps.storage.get(row.storageKey!);
  if (!file) throw new AppError('gone', 'This export has expired. Please request a new one.');
  return { ...file, createdAt: row.createdAt };
}

/**
 * Deletes the files of exports whose download window closed (one member's, or everyone's), keeping the rows so
 * the member still sees them listed as expired. Each row is cleared before its file is removed, so two sweeps at
 * once remove a file once.
 */
export async function sweepExpiredExports(deps: Pick<DataExportDeps, 'db' | 'storage'>, now: Date, userId?: string): Promise<number> {
  const expired = await deps.db
    .select({ id: dataExports.id, key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), isNotNull(dataExports.storageKey), lte(dataExports.expiresAt, now), userId ? eq(dataExports.userId, userId) : undefined))
    .limit(500);
  let removed = 0;
  for (const e of expired) {
    const [cleared] = await deps.db
      .update(dataExports)
      .set({ storageKey: null })
      .where(and(eq(dataExports.id, e.id), eq(dataExports.storageKey, e.key!)))
      .returning({ id: dataExports.id });
    if (!cleared) continue;
    await deps.storage.remove(e.key!).catch(() => undefined);
    removed += 1;
  }
  return removed;
}

/**
 * At start: exports left pending by a stopped process (older than the stale window) are marked failed, so the
 * member can start another; the files of expired exports are deleted.
 */
export async function recoverExports(deps: Pick<DataExportDeps, 'db' | 'storage'>, now: Date) {
  await deps.db
    .update(dataExports)
    .set({ status: 'failed', error: INTERRUPTED, completedAt: now })
    .where(and(eq(dataExports.status, 'pending'), lte(dataExports.createdAt, new Date(now.getTime() - DATA_EXPORT_LIMITS.staleMs))));
  await sweepExpiredExports(deps, now);
}

/* ---------- what goes into the ZIP ---------- */

/**
 * Everything the member owns, as plain JSON-ready objects, and their stored files. Other people appear by name
 * only, where a row makes no sense without them (the other side of a connection, an endorsement, a mentorship).
 */
export async function collectMemberData(db: Db, userId: string, now: Date = new Date()) {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) throw new Error('account not found');
  const other = aliasedTable(users, 'other');
  const otherName = sql<string | null>`nullif(trim(${other.firstName} || ' ' || ${other.lastName}), '')`;

  const profile = {
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
  };

  const leadRows = await db.select().from(leads).where(eq(leads.submitterId, userId)).orderBy(asc(leads.createdAt), asc(leads.id));
  const leadIds = leadRows.map((l) => l.id);
  const activityRows = leadIds.length
    ? await db
        .select({ a: leadActivities, by: otherName })
        .from(leadActivities)
        .leftJoin(other, eq(other.id, leadActivities.userId))
        .where(inArray(leadActivities.leadId, leadIds))
        .orderBy(asc(leadActivities.createdAt), asc(leadActivities.id))
    : [];
  const leadsOut = leadRows.map((l) => ({
    id: l.id,
    leadType: l.leadType,
    companyName: l.companyName,
    industry: l.industry,
    contactName: l.contactName,
    contactEmail: l.contactEmail,
    projectDescription: l.projectDescription,
    estimatedValue: l.estimatedValue,
    urgency: l.urgency,
    relationshipStrength: l.relationshipStrength,
    status: l.status,
    notes: l.notes,
    createdAt: iso(l.createdAt),
    updatedAt: iso(l.updatedAt),
    timeline: activityRows
      .filter((r) => r.a.leadId === l.id)
      .map(({ a, by }) => ({ activity: a.activity, kind: a.kind, fromStatus: a.fromStatus, toStatus: a.toStatus, notes: a.notes, by, at: iso(a.createdAt) })),
  }));

  const commissionRows = await db
    .select({ c: commissions, companyName: leads.companyName })
    .from(commissions)
    .innerJoin(leads, eq(leads.id, commissions.leadId))
    .where(eq(commissions.partnerId, userId))
    .orderBy(asc(commissions.createdAt), asc(commissions.id));

  const postRows = await db.select().from(communityPosts).where(eq(communityPosts.authorId, userId)).orderBy(asc(communityPosts.createdAt), asc(communityPosts.id));

  const given = await db
    .select({ e: skillEndorsements, who: otherName })
    .from(skillEndorsements)
    .innerJoin(other, eq(other.id, skillEndorsements.endorseeId))
    .where(eq(skillEndorsements.endorserId, userId))
    .orderBy(asc(skillEndorsements.createdAt));
  const received = await db
    .select({ e: skillEndorsements, who: otherName })
    .from(skillEndorsements)
    .innerJoin(other, eq(other.id, skillEndorsements.endorserId))
    .where(eq(skillEndorsements.endorseeId, userId))
    .orderBy(asc(skillEndorsements.createdAt));

  const connectionRows = await db
    .select({ c: memberConnections, who: otherName })
    .from(memberConnections)
    .innerJoin(
      other,
      eq(other.id, sql`case when ${memberConnections.requesterUserId} = ${userId} then ${memberConnections.targetUserId} else ${memberConnections.requesterUserId} end`),
    )
    .where(or(eq(memberConnections.requesterUserId, userId), eq(memberConnections.targetUserId, userId)))
    .orderBy(asc(memberConnections.createdAt));

  const [mentorProfile] = await db.select().from(mentorProfiles).where(eq(mentorProfiles.userId, userId)).limit(1);
  const asMentee = await db
    .select({ r: mentorshipRequests, who: otherName })
    .from(mentorshipRequests)
    .innerJoin(other, eq(other.id, mentorshipRequests.mentorId))
    .where(eq(mentorshipRequests.menteeId, userId))
    .orderBy(asc(mentorshipRequests.createdAt));
  const asMentor = await db
    .select({ r: mentorshipRequests, who: otherName })
    .from(mentorshipRequests)
    .innerJoin(other, eq(other.id, mentorshipRequests.menteeId))
    .where(eq(mentorshipRequests.mentorId, userId))
    .orderBy(asc(mentorshipRequests.createdAt));
  const requestIds = [...asMentee, ...asMentor].map((r) => r.r.id);
  const sessionRows = requestIds.length
    ? await db.select().from(mentorshipSessions).where(inArray(mentorshipSessions.requestId, requestIds)).orderBy(asc(mentorshipSessions.scheduledAt))
    : [];
  const reviewsWritten = await db
    .select({ r: mentorReviews, who: otherName })
    .from(mentorReviews)
    .innerJoin(other, eq(other.id, mentorReviews.mentorId))
    .where(eq(mentorReviews.reviewerId, userId));
  const reviewsReceived = await db
    .select({ r: mentorReviews, who: otherName })
    .from(mentorReviews)
    .innerJoin(other, eq(other.id, mentorReviews.reviewerId))
    .where(eq(mentorReviews.mentorId, userId));

  const registrations = await db
    .select({ r: eventRegistrations, title: events.title, startDate: events.startDate, location: events.location })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(asc(events.startDate));

  const points = await db
    .select()
    .from(pointTransactions)
    .where(eq(pointTransactions.userId, userId))
    .orderBy(asc(pointTransactions.createdAt), asc(pointTransactions.id));
  const earned = await db
    .select({ name: achievements.name, description: achievements.description, unlockedAt: userAchievements.unlockedAt })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(eq(userAchievements.userId, userId))
    .orderBy(asc(userAchievements.unlockedAt));

  const notificationRows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt), asc(notifications.id));
  const chatRows = await messagesSentBy(db, userId);
  const ceoRows = await db.select().from(ceoMessages).where(eq(ceoMessages.senderId, userId)).orderBy(asc(ceoMessages.createdAt));
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
  const session = (s: typeof mentorshipSessions.$inferSelect) => ({
    requestId: s.requestId,
    scheduledAt: iso(s.scheduledAt),
    duration: s.duration,
    meetingLink: s.meetingLink,
    notes: s.notes,
    menteeRating: s.menteeRating,
    mentorRating: s.mentorRating,
    status: s.status,
  });
  const request = ({ r, who }: { r: typeof mentorshipRequests.$inferSelect; who: string | null }, role: 'mentor' | 'mentee') => ({
    id: r.id,
    [role]: who,
    goalDescription: r.goalDescription,
    timeCommitment: r.timeCommitment,
    duration: r.duration,
    preferredMeetingTime: r.preferredMeetingTime,
    additionalNotes: r.additionalNotes,
    status: r.status,
    createdAt: iso(r.createdAt),
  });

  return {
    json: {
      'profile.json': {
        ...profile,
        notificationPreferences: prefs ? { emailTypes: prefs.emailTypes, emailFrequency: prefs.emailFrequency } : null,
        pushDevices: devices.map((d) => ({ browser: d.userAgent, subscribedAt: iso(d.createdAt), active: !!d.active })),
      },
      'leads.json': leadsOut,
      'commissions.json': commissionRows.map(({ c, companyName }) => ({
        id: c.id,
        leadId: c.leadId,
        companyName,
        amount: c.amount,
        rate: c.rate,
        status: c.status,
        paidAt: iso(c.paidAt),
        createdAt: iso(c.createdAt),
      })),
      'community-posts.json': postRows.map((p) => ({
        id: p.id,
        title: p.title,
        content: p.content,
        category: p.category,
        image: p.imageKey ? `files/posts/${p.id}${extensionOf(p.imageKey)}` : null,
        createdAt: iso(p.createdAt),
        updatedAt: iso(p.updatedAt),
      })),
      'endorsements.json': {
        given: given.map(({ e, who }) => ({ to: who, skill: e.skillName, message: e.message, createdAt: iso(e.createdAt) })),
        received: received.map(({ e, who }) => ({ from: who, skill: e.skillName, message: e.message, visible: e.isVisible, createdAt: iso(e.createdAt) })),
      },
      'connections.json': connectionRows.map(({ c, who }) => ({
        with: who,
        direction: c.requesterUserId === userId ? 'sent' : 'received',
        status: c.status,
        message: c.message,
        createdAt: iso(c.createdAt),
      })),
      'mentoring.json': {
        mentorProfile: mentorProfile
          ? {
              isActive: mentorProfile.isActive,
              yearsExperience: mentorProfile.yearsExperience,
              specializations: mentorProfile.specializations,
              industries: mentorProfile.industries,
              mentorshipStyle: mentorProfile.mentorshipStyle,
              availabilityHours: mentorProfile.availabilityHours,
              maxMentees: mentorProfile.maxMentees,
              bio: mentorProfile.bio,
              achievements: mentorProfile.achievements,
              meetingPreference: mentorProfile.meetingPreference,
              hourlyRate: mentorProfile.hourlyRate,
              rating: mentorProfile.rating,
              totalReviews: mentorProfile.totalReviews,
              createdAt: iso(mentorProfile.createdAt),
            }
          : null,
        requestsSent: asMentee.map((r) => request(r, 'mentor')),
        requestsReceived: asMentor.map((r) => request(r, 'mentee')),
        sessions: sessionRows.map(session),
        reviewsWritten: reviewsWritten.map(({ r, who }) => ({ mentor: who, rating: r.rating, review: r.review, anonymous: r.isAnonymous, createdAt: iso(r.createdAt) })),
        reviewsReceived: reviewsReceived.map(({ r, who }) => ({ reviewer: r.isAnonymous ? null : who, rating: r.rating, review: r.review, createdAt: iso(r.createdAt) })),
      },
      'events.json': registrations.map(({ r, title, startDate, location }) => ({
        event: title,
        startDate: iso(startDate),
        location,
        status: r.status,
        registeredAt: iso(r.registrationDate),
        paymentStatus: r.paymentStatus,
        paymentAmount: r.paymentAmount,
        notes: r.notes,
        attendanceConfirmed: r.attendanceConfirmed,
      })),
      'points.json': {
        totalPoints: u.totalPoints,
        currentLevel: u.currentLevel,
        transactions: points.map((p) => ({ points: p.points, reason: p.reason, activityType: p.activityType, createdAt: iso(p.createdAt) })),
        achievements: earned.map((a) => ({ name: a.name, description: a.description, unlockedAt: iso(a.unlockedAt) })),
      },
      'notifications.json': notificationRows.map((n) => ({
        type: n.type,
        title: n.title,
        message: n.message,
        isRead: n.isRead,
        createdAt: iso(n.createdAt),
        readAt: iso(n.readAt),
      })),
      'ceo-messages.json': ceoRows.map((m) => ({ subject: m.subject, message: m.message, createdAt: iso(m.createdAt) })),
      'chat-messages.json': chatRows,
    },
    files: [
      ...(files.pictureKey ? [{ key: files.pictureKey, name: 'files/profile-picture.webp' }] : []),
      ...files.cvKeys.map((key) => ({ key, name: `files/cv${extensionOf(key)}`, optional: true })),
      ...postRows.filter((p) => p.imageKey).map((p) => ({ key: p.imageKey!, name: `files/posts/${p.id}${extensionOf(p.imageKey!)}` })),
    ] as Array<{ key: string; name: string; optional?: boolean }>,
  };
}

const extensionOf = (key: string) => {
  const dot = key.lastIndexOf('.');
  return dot >= 0 ? key.slice(dot) : '';
};

const README = (brand: string, at: Date) =>
  `Your ${brand} data, exported ${at.toISOString()}.

profile.json          your profile, sign-in methods (never your password), e-mail preferences and the browsers taking push notifications
leads.json            the leads you referred, each with its timeline
commissions.json      your commissions
community-posts.json  your community posts (their pictures are in files/posts/)
endorsements.json     endorsements you gave and received
connections.json      your connections and requests, with the other member's name
mentoring.json        your mentor profile, mentorship requests both ways, sessions and reviews
events.json           your event registrations
points.json           your points, level and achievements
notifications.json    the notifications you received
ceo-messages.json     your messages through CEO Contact
chat-messages.json    the chat messages you sent and have not deleted
files/                your profile picture, CV and post pictures
`;

/**
 * The ZIP as a stream, made as it is read: a README, one JSON file per area, and the member's stored files (a
 * missing file is skipped). Nothing holds the whole archive; a failure while adding files errors the stream.
 */
export function exportZipStream(storage: FileStorage, data: Awaited<ReturnType<typeof collectMemberData>>, brand: string, at: Date): Archiver {
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('warning', (err) => archive.destroy(err));
  archive.append(README(brand, at), { name: 'README.txt', date: at });
  for (const [file, value] of Object.entries(data.json)) archive.append(JSON.stringify(value, null, 2), { name: file, date: at });
  void (async () => {
    for (const f of data.files) {
      const stored = await storage.get(f.key);
      if (!stored) continue;
      if (archive.destroyed) {
        stored.stream.destroy();
        return;
      }
      archive.append(stored.stream as Readable, { name: f.name, date: at });
    }
    await archive.finalize();
  })().catch((err: Error) => archive.destroy(err));
  return archive;
}

/**
 * Prepares one export: gathers the member's data, builds the ZIP, stores it, then in one transaction marks the
 * export ready (downloadable for 24 hours) and notifies the member (a notification always e-mailed at once: they
 * asked for it). If the export row is gone meanwhile (the account was erased) the stored file is removed again.
 * Any failure marks the export failed; the member may start another.
 */
export async function runExport(deps: DataExportDeps, id: string): Promise<void> {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  if (!row || row.status !== 'pending') return;
  let key: string | null = null;
  try {
    const data = await collectMemberData(deps.db, row.userId, deps.now());
    // streamed to storage as it is made, up to the size bound: a member with many pictures never fills the memory
    const zip = exportZipStream(deps.storage, data, deps.brandName, deps.now());
    let stored;
    try {
      stored = await deps.storage.putStream(zip, 'zip', deps.maxExportBytes ?? DATA_EXPORT_LIMITS.maxBytes);
    } finally {
      if (!zip.destroyed) zip.destroy();
    }
    key = stored.key;
    const done = deps.now();
    const expiresAt = new Date(done.getTime() + DATA_EXPORT_LIMITS.validMs);
    const ready = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(dataExports)
        .set({ status: 'ready', storageKey: key, sizeBytes: stored.size, completedAt: done, expiresAt })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
        .returning();
      if (!updated) return false;
      await notify(
        tx,
        row.userId,
        'data_export_ready',
        { type: 'data_export', id },
        {
          title: `Your ${deps.brandName} data export is ready`,
          message: `The copy of your data you asked for is ready. Download it from Profile Settings → Preferences within 24 hours, before ${expiresAt.toUTCString()}; after that the file is deleted. If you did not ask for it, please change your password.`,
          actionUrl: `/profile-settings?tab=preferences&export=${id}`,
          at: done,
        },
      );
      return true;
    });
    if (!ready) {
      const [still] = await deps.db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.id, id));
      if (!still) await deps.storage.remove(key);
      return;
    }
  } catch (err) {
    const tooLarge = err instanceof FileTooLargeError;
    if (tooLarge) deps.log.warn({ exportId: id, maxBytes: DATA_EXPORT_LIMITS.maxBytes }, 'data export over its size bound');
    else deps.log.error({ err, exportId: id }, 'data export failed');
    if (key) await deps.storage.remove(key).catch(() => undefined);
    await deps.db
      .update(dataExports)
      .set({ status: 'failed', error: tooLarge ? EXPORT_TOO_LARGE : FAILED, completedAt: deps.now() })
      .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
      .catch(() => undefined);
  }
}
