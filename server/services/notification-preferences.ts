import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_FREQUENCY,
  DEFAULT_EMAIL_TYPES,
  EMAIL_PREFERENCE_CATEGORIES,
  emailCategoryOf,
  type EmailFrequency,
  type EmailPreferenceType,
} from '../../common/constants/notifications.ts';
import { AppError } from '../../common/errors.ts';
import type { NotificationPreferences, NotificationPreferencesUpdate } from '../../common/schemas/account.ts';
import type { UnsubscribeInfo } from '../../common/schemas/notifications.ts';
import type { Db, Tx } from '../db/client.ts';
import { notificationPreferences, notifications } from '../db/schema/index.ts';
import type { Actor } from '../policies/roles.ts';
import { receivesAdminEmails } from '../policies/users.ts';
import { readUnsubscribeToken } from './notification-mail.ts';

const LOCKED = EMAIL_PREFERENCE_CATEGORIES.filter((c) => 'locked' in c && c.locked).map((c) => c.id as EmailPreferenceType);
const KNOWN = new Set<string>(EMAIL_PREFERENCE_CATEGORIES.map((c) => c.id));

/** The groups this member may choose from: the admin-only ones for administrators alone. */
function availableTo(actor: Pick<Actor, 'role'>): EmailPreferenceType[] {
  return EMAIL_PREFERENCE_CATEGORIES.filter((c) => !('adminOnly' in c && c.adminOnly) || receivesAdminEmails(actor)).map((c) => c.id);
}

/** The stored groups, in the order the screen lists them, known and available ones only, with the locked group always in. */
function normalise(types: readonly string[], available: EmailPreferenceType[]): EmailPreferenceType[] {
  const chosen = new Set([...types.filter((t) => KNOWN.has(t)), ...LOCKED]);
  return available.filter((id) => chosen.has(id));
}

/** The member's e-mail preferences: their own choice, or the defaults while they never chose. */
export async function getNotificationPreferences(db: Db, actor: Pick<Actor, 'id' | 'role'>): Promise<NotificationPreferences> {
  const available = availableTo(actor);
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id)).limit(1);
  if (!row) return { emailTypes: normalise(DEFAULT_EMAIL_TYPES, available), emailFrequency: DEFAULT_EMAIL_FREQUENCY, isDefault: true, available };
  return { emailTypes: normalise(row.emailTypes, available), emailFrequency: row.emailFrequency === 'daily' ? 'daily' : 'immediate', isDefault: false, available };
}

/**
 * Stores the member's choice (the whole set, replacing the last), duplicates and groups not offered to them
 * dropped; answers it as GET would.
 */
export async function setNotificationPreferences(
  db: Db,
  actor: Pick<Actor, 'id' | 'role'>,
  data: NotificationPreferencesUpdate,
  now: Date,
): Promise<NotificationPreferences> {
  const available = availableTo(actor);
  const userId = actor.id;
  const emailTypes = normalise(data.emailTypes, available);
  await db
    .insert(notificationPreferences)
    .values({ userId, emailTypes, emailFrequency: data.emailFrequency, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { emailTypes, emailFrequency: data.emailFrequency, updatedAt: now } });
  return { emailTypes, emailFrequency: data.emailFrequency, isDefault: false, available };
}

/**
 * Whether a member wants a notification of this kind by e-mail: false when not, else how often ('immediate' or
 * 'daily' for the digest). One lookup by primary key; no row means the defaults. A kind no group names is never
 * e-mailed; the locked group (answers to the member's own requests) always is, immediately.
 */
export async function wantsEmail(db: Db | Tx, userId: string, kind: string): Promise<false | EmailFrequency> {
  const category = emailCategoryOf(kind);
  if (!category) return false;
  if ('locked' in category && category.locked) return 'immediate';
  const [row] = await db
    .select({ emailTypes: notificationPreferences.emailTypes, emailFrequency: notificationPreferences.emailFrequency })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  if (!row) return DEFAULT_EMAIL_TYPES.includes(category.id) ? DEFAULT_EMAIL_FREQUENCY : false;
  if (!row.emailTypes.includes(category.id)) return false;
  return row.emailFrequency === 'daily' ? 'daily' : 'immediate';
}

/**
 * Takes e-mail groups off a member's choice (an unsubscribe link): removed from their stored groups, or, while
 * they never chose, from the defaults, which become their stored choice. The locked group is never removed. E-mails
 * of those groups still owed (a digest not yet sent) are dropped. One statement each, so two clicks at once agree.
 */
export async function unsubscribeGroups(db: Db, userId: string, groups: readonly EmailPreferenceType[], now: Date): Promise<void> {
  const off = groups.filter((g) => !LOCKED.includes(g));
  if (!off.length) return;
  const p = notificationPreferences;
  const remaining = DEFAULT_EMAIL_TYPES.filter((t) => !off.includes(t));
  await db.transaction(async (tx) => {
    await tx
      .insert(p)
      .values({ userId, emailTypes: remaining, emailFrequency: DEFAULT_EMAIL_FREQUENCY, updatedAt: now })
      .onConflictDoUpdate({
        target: p.userId,
        set: { emailTypes: sql`array(select t from unnest(${p.emailTypes}) t where t <> all(${sql.param(off)}::text[]))`, updatedAt: now },
      });
    const kinds = EMAIL_PREFERENCE_CATEGORIES.filter((c) => off.includes(c.id)).flatMap((c) => c.kinds as readonly string[]);
    await tx
      .update(notifications)
      .set({ emailPending: null })
      .where(and(eq(notifications.userId, userId), isNotNull(notifications.emailPending), inArray(notifications.type, kinds)));
  });
}

/** Whether a member receives none of these groups by e-mail any more (what an unsubscribe page shows as done). */
export async function receivesNoneOf(db: Db, userId: string, groups: readonly EmailPreferenceType[]): Promise<boolean> {
  const [row] = await db
    .select({ emailTypes: notificationPreferences.emailTypes })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  const chosen: readonly string[] = row ? row.emailTypes : DEFAULT_EMAIL_TYPES;
  return groups.every((g) => LOCKED.includes(g) || !chosen.includes(g));
}

const BAD_LINK = 'This unsubscribe link is not valid: it may be incomplete, altered or more than a year old.';

/** The member and groups an unsubscribe link names; a forged, altered or expired one is refused (400). */
function unsubscribeLink(secret: string, token: string, now: Date) {
  const link = readUnsubscribeToken(secret, token, now);
  if (!link) throw new AppError('bad_request', BAD_LINK);
  return link;
}

const describe = (groups: readonly EmailPreferenceType[]) =>
  EMAIL_PREFERENCE_CATEGORIES.filter((c) => groups.includes(c.id)).map((c) => ({ id: c.id, label: c.label, description: c.description }));

/** What an unsubscribe link stops, and whether it is already stopped; changes nothing (a link scanner may call it). */
export async function describeUnsubscribe(db: Db, secret: string, token: string, now: Date): Promise<UnsubscribeInfo> {
  const { userId, groups } = unsubscribeLink(secret, token, now);
  return { groups: describe(groups), unsubscribed: await receivesNoneOf(db, userId, groups) };
}

/** Follows an unsubscribe link: its groups come off the member's e-mail choice. Answers as `describeUnsubscribe` would now. */
export async function unsubscribeByLink(db: Db, secret: string, token: string, now: Date): Promise<UnsubscribeInfo> {
  const { userId, groups } = unsubscribeLink(secret, token, now);
  await unsubscribeGroups(db, userId, groups, now);
  return { groups: describe(groups), unsubscribed: true };
}
