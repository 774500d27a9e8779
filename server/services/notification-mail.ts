import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EMAIL_PREFERENCE_CATEGORIES, emailCategoryOf, type EmailPreferenceType } from '../../common/constants/notifications.ts';
import { wallClockIn, zonedToInstant } from '../../common/rules/events.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { readToken, signToken } from '../lib/signed-token.ts';
import type { LiveBus } from '../live/bus.ts';
import type { Mailer, MailMessage } from '../plugins/mailer.ts';

/**
 * Notification e-mails. A notification records, as it is created, the e-mail it owes (`email_pending`: 'immediate'
 * or 'daily', from the member's preferences). This sender pays that debt: an immediate one as soon as the live bus
 * announces the notification (and, for any announcement missed, by a sweep every minute), the daily ones in one
 * digest per member at 08:00 London time. Every e-mail is first claimed by an UPDATE that clears `email_pending`,
 * so two instances, a retry or a sweep racing the bus never send one twice. Members who are deactivated, removed or
 * anonymised get nothing (their debt is cleared unsent).
 */

export interface NotificationMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'brandName' | 'sessionSecret'>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The London wall-clock hour the daily digest goes out at. */
export const DIGEST_HOUR = 8;
export const DIGEST_TZ = 'Europe/London';
/** How old an immediate e-mail must be before the sweep takes it (the bus had its chance); the sweep and the digest run every minute as the `notifications.sweep` job. */
export const SWEEP_AFTER_MS = 60_000;
/** An immediate e-mail still unsent after this long is stale news: dropped, the notification stays in the app. */
export const IMMEDIATE_GIVE_UP_MS = 24 * 3_600_000;
/** Items of one group a digest lists before "and N more". */
export const DIGEST_ITEMS_PER_GROUP = 5;

/* ---------- unsubscribe links ---------- */

const UNSUBSCRIBE_PURPOSE = 'unsubscribe';
/** An unsubscribe link works for a year: an old e-mail's link still stops what it says. */
export const UNSUBSCRIBE_VALID_MS = 365 * 86_400_000;
const CHOOSABLE = new Set<string>(EMAIL_PREFERENCE_CATEGORIES.filter((c) => !('locked' in c && c.locked)).map((c) => c.id));

/** A signed token naming the member and the e-mail groups its link stops. */
export function unsubscribeToken(secret: string, userId: string, groups: readonly EmailPreferenceType[], now: Date): string {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, { u: userId, g: [...groups], t: Math.floor(now.getTime() / 1000) });
}

/** The member and groups of an authentic, unexpired unsubscribe token; null for anything else (forged, altered, old, malformed). */
export function readUnsubscribeToken(secret: string, token: string, now: Date): { userId: string; groups: EmailPreferenceType[] } | null {
  const payload = readToken(secret, UNSUBSCRIBE_PURPOSE, token) as { u?: unknown; g?: unknown; t?: unknown } | undefined;
  if (!payload || typeof payload.u !== 'string' || !UUID.test(payload.u) || typeof payload.t !== 'number' || !Array.isArray(payload.g)) return null;
  if (now.getTime() - payload.t * 1000 > UNSUBSCRIBE_VALID_MS) return null;
  const groups = payload.g.filter((g): g is EmailPreferenceType => typeof g === 'string' && CHOOSABLE.has(g));
  if (!groups.length || groups.length !== payload.g.length) return null;
  return { userId: payload.u, groups };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/* ---------- the digest's time ---------- */

/** The latest digest time (08:00 London) at or before `now`: a digest sent at `now` holds what was owed before it. */
export function lastDigestTime(now: Date): Date {
  const w = wallClockIn(now, DIGEST_TZ);
  const at = (y: number, m: number, d: number) => {
    const day = new Date(Date.UTC(y, m - 1, d));
    const text = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${pad(DIGEST_HOUR)}:00`;
    return zonedToInstant(text, DIGEST_TZ)!;
  };
  const today = at(w.year, w.month, w.day);
  return today.getTime() <= now.getTime() ? today : at(w.year, w.month, w.day - 1);
}
const pad = (n: number) => String(n).padStart(2, '0');

/* ---------- composing ---------- */

interface Claimed {
  id: string;
  user_id: string;
  type: string;
  title: string;
  message: string;
  action_url: string | null;
  created_at: Date | string;
  email: string;
  first_name: string;
  deliverable: boolean;
}

/** The rows of a raw statement, whichever driver ran it (PGlite or node-postgres). */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function siteLink(publicUrl: string | undefined, path: string | null): string | null {
  if (!publicUrl || !path || !path.startsWith('/') || path.startsWith('//')) return null;
  return `${publicUrl}${path}`;
}

/** The footer and headers that let a member stop these e-mails: a page link in the text, one-click in the headers. */
function unsubscribeParts(deps: NotificationMailDeps, userId: string, groups: EmailPreferenceType[]): { footer: string; headers?: Record<string, string> } {
  const { publicUrl } = deps.config;
  const preferences = publicUrl ? `${publicUrl}/profile-settings?tab=preferences` : 'Profile Settings → Preferences';
  const choosable = groups.filter((g) => CHOOSABLE.has(g));
  if (!choosable.length) return { footer: `You receive this e-mail because it answers a request of yours, so it is always sent.\nYour e-mail choices: ${preferences}` };
  const names = choosable.map((g) => EMAIL_PREFERENCE_CATEGORIES.find((c) => c.id === g)!.label);
  const labels = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  if (!publicUrl) return { footer: `You receive this e-mail because ${labels} e-mails are on. To stop them, sign in and open ${preferences}.` };
  const token = unsubscribeToken(deps.config.sessionSecret, userId, choosable, deps.now());
  return {
    footer: `You receive this e-mail because ${labels} e-mails are on.\nUnsubscribe from them: ${publicUrl}/unsubscribe?token=${token}\nAll your e-mail choices: ${preferences}`,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** One notification's own e-mail: its title as the subject, its message, a link to what it is about, and the unsubscribe footer. */
export function notificationEmail(deps: NotificationMailDeps, n: Claimed): MailMessage {
  const group = emailCategoryOf(n.type);
  const link = siteLink(deps.config.publicUrl, n.action_url);
  const open = link ? `Open it: ${link}` : `Sign in to ${deps.config.brandName} to see it.`;
  const { footer, headers } = unsubscribeParts(deps, n.user_id, group ? [group.id] : []);
  return {
    to: n.email,
    subject: oneLine(n.title).slice(0, 200),
    text: `Dear ${n.first_name},\n\n${n.message}\n\n${open}\n\nThe ${deps.config.brandName} team\n\n--\n${footer}`,
    headers,
  };
}

/** One member's digest: their owed notifications grouped as the Preferences screen groups them, newest first, each group capped. */
export function digestEmail(deps: NotificationMailDeps, rows: Claimed[]): MailMessage {
  const [first] = rows;
  const { publicUrl, brandName } = deps.config;
  const sections: string[] = [];
  const groups: EmailPreferenceType[] = [];
  for (const category of EMAIL_PREFERENCE_CATEGORIES) {
    const mine = rows.filter((r) => emailCategoryOf(r.type)?.id === category.id).sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime());
    if (!mine.length) continue;
    groups.push(category.id);
    const lines = mine.slice(0, DIGEST_ITEMS_PER_GROUP).map((r) => {
      const link = siteLink(publicUrl, r.action_url);
      return `• ${oneLine(r.title)}\n  ${oneLine(r.message)}${link ? `\n  ${link}` : ''}`;
    });
    const more = mine.length - DIGEST_ITEMS_PER_GROUP;
    if (more > 0) lines.push(`…and ${more} more`);
    sections.push(`${category.label} (${mine.length})\n\n${lines.join('\n\n')}`);
  }
  const all = publicUrl ? `See them all: ${publicUrl}/notifications` : `Sign in to ${brandName} to see them all.`;
  const { footer, headers } = unsubscribeParts(deps, first.user_id, groups);
  const count = `${rows.length} ${rows.length === 1 ? 'update' : 'updates'}`;
  return {
    to: first.email,
    subject: `Your ${brandName} daily digest: ${count}`,
    text: `Dear ${first.first_name},\n\nHere is what happened since your last digest.\n\n${sections.join('\n\n\n')}\n\n${all}\n\nThe ${brandName} team\n\n--\n${footer}`,
    headers,
  };
}

/* ---------- sending ---------- */

export interface NotificationMailSender {
  /** Sends one notification's immediate e-mail if it still owes one, after claiming it; true when this call sent it. */
  deliver(id: string): Promise<boolean>;
  /** Sends the immediate e-mails the bus missed (owed for longer than a minute); drops those owed for over a day. Answers how many were sent. */
  sweep(now?: Date): Promise<number>;
  /** Sends each member owing daily e-mails from before the last digest time one digest of them all. Answers how many digests were sent. */
  sendDigests(now?: Date): Promise<number>;
  /** Runs the sweep, then the digests (the every-minute job, and on the bus's recovery). */
  sweepAndDigest(): Promise<void>;
  /** Listens on the bus: each new notification's immediate e-mail goes out as it is announced. */
  start(bus: LiveBus): void;
  /** Stops listening; waits for e-mails already being sent. */
  stop(): Promise<void>;
  /** Resolves when no e-mail is being sent (for tests and shutdown). */
  idle(): Promise<void>;
}

const DELIVERABLE = sql`(u.is_active and u.removed_at is null and u.anonymised_at is null)`;
const CLAIMED_FIELDS = sql`n.id, n.user_id, n.type, n.title, n.message, n.action_url, n.created_at, u.email, u.first_name, (n.emailed_at is not null) as deliverable`;

export function createNotificationMailSender(deps: NotificationMailDeps): NotificationMailSender {
  const running = new Set<Promise<unknown>>();
  let unsubscribe: Array<() => void> = [];
  let stopped = false;

  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    const done = () => running.delete(p);
    p.then(done, done);
    return p;
  };

  async function deliver(id: string, now = deps.now()): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const [row] = rowsOf<Claimed>(
      await deps.db.execute(sql`
        update notifications n set email_pending = null, emailed_at = case when ${DELIVERABLE} then ${now.toISOString()}::timestamptz end
        from users u
        where n.id = ${id} and n.email_pending = 'immediate' and u.id = n.user_id
        returning ${CLAIMED_FIELDS}`),
    );
    if (!row?.deliverable) return false;
    const { ok } = await deps.mailer.send(notificationEmail(deps, row));
    if (!ok) deps.log.warn({ notificationId: id }, 'notification e-mail not sent (the outbox records why)');
    return true;
  }

  async function sweep(now = deps.now()): Promise<number> {
    const before = new Date(now.getTime() - SWEEP_AFTER_MS).toISOString();
    const giveUp = new Date(now.getTime() - IMMEDIATE_GIVE_UP_MS).toISOString();
    await deps.db.execute(sql`update notifications set email_pending = null where email_pending = 'immediate' and created_at < ${giveUp}::timestamptz`);
    let sent = 0;
    for (;;) {
      const ids = rowsOf<{ id: string }>(
        await deps.db.execute(sql`select id from notifications where email_pending = 'immediate' and created_at < ${before}::timestamptz order by created_at limit 200`),
      );
      for (const { id } of ids) if (await deliver(id, now)) sent += 1;
      if (ids.length < 200) return sent;
    }
  }

  async function sendDigests(now = deps.now()): Promise<number> {
    const cutoff = lastDigestTime(now).toISOString();
    let sent = 0;
    for (;;) {
      const members = rowsOf<{ user_id: string }>(
        await deps.db.execute(sql`select distinct user_id from notifications where email_pending = 'daily' and created_at < ${cutoff}::timestamptz limit 200`),
      );
      for (const { user_id: userId } of members) {
        // one statement claims all of this member's owed rows: whoever claims them sends the one digest
        const rows = rowsOf<Claimed>(
          await deps.db.execute(sql`
            update notifications n set email_pending = null, emailed_at = case when ${DELIVERABLE} then ${now.toISOString()}::timestamptz end
            from users u
            where n.user_id = ${userId} and n.email_pending = 'daily' and n.created_at < ${cutoff}::timestamptz and u.id = n.user_id
            returning ${CLAIMED_FIELDS}`),
        );
        if (!rows.length || !rows[0].deliverable) continue;
        const { ok } = await deps.mailer.send(digestEmail(deps, rows));
        if (!ok) deps.log.warn({ userId }, 'notification digest not sent (the outbox records why)');
        sent += 1;
      }
      if (members.length < 200) return sent;
    }
  }

  const tick = () => {
    if (stopped) return;
    void track(
      (async () => {
        await sweep();
        await sendDigests();
      })().catch((err) => deps.log.error({ err }, 'notification e-mail sweep failed')),
    );
  };

  return {
    sweepAndDigest: () =>
      track(
        (async () => {
          await sweep();
          await sendDigests();
        })(),
      ),
    deliver: (id) => track(deliver(id)),
    sweep: (now) => track(sweep(now)),
    sendDigests: (now) => track(sendDigests(now)),
    start(bus) {
      stopped = false;
      unsubscribe = [
        bus.subscribe((event) => {
          if (stopped || event.k !== 'notification') return;
          void track(deliver(event.id).catch((err) => deps.log.error({ err, notificationId: event.id }, 'notification e-mail failed')));
        }),
        // announcements were missed while the channel was down: the sweep finds what they owed
        bus.onResume(tick),
      ];
    },
    async stop() {
      stopped = true;
      for (const u of unsubscribe) u();
      unsubscribe = [];
      await this.idle();
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
