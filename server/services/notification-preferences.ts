import { eq } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_FREQUENCY,
  DEFAULT_EMAIL_TYPES,
  EMAIL_PREFERENCE_CATEGORIES,
  emailCategoryOf,
  type EmailFrequency,
  type EmailPreferenceType,
} from '../../common/constants/notifications.ts';
import type { NotificationPreferences, NotificationPreferencesUpdate } from '../../common/schemas/account.ts';
import type { Db, Tx } from '../db/client.ts';
import { notificationPreferences } from '../db/schema/index.ts';
import { isAdmin, type Actor } from '../policies/roles.ts';

const LOCKED = EMAIL_PREFERENCE_CATEGORIES.filter((c) => 'locked' in c && c.locked).map((c) => c.id as EmailPreferenceType);
const KNOWN = new Set<string>(EMAIL_PREFERENCE_CATEGORIES.map((c) => c.id));

/** The groups this member may choose from: the admin-only ones for administrators alone. */
function availableTo(actor: Pick<Actor, 'role'>): EmailPreferenceType[] {
  return EMAIL_PREFERENCE_CATEGORIES.filter((c) => !('adminOnly' in c && c.adminOnly) || isAdmin(actor)).map((c) => c.id);
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
