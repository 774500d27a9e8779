import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { sameSitePath } from '../../common/rules/notifications.ts';
import { AppError } from '../../common/errors.ts';
import {
  PUSH_DEVICE_NOT_FOUND,
  PUSH_DEVICES_MAX,
  PUSH_SUBSCRIBE_LIMIT,
  PUSH_SUBSCRIBE_LIMITED,
  type PushDevice,
  type PushSubscriptionInput,
} from '../../common/schemas/push.ts';
import type { PushKeys } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notifications, pushSubscriptions, sessions, users } from '../db/schema/index.ts';
import { describeUserAgent } from '../lib/user-agent.ts';
import type { LiveBus } from '../live/bus.ts';
import { iso } from '../presenters/wire.ts';
import { wantsEmail } from './notification-preferences.ts';
import { admitAttempt } from './rate-limit.ts';

/** How long a push service keeps a message for a device that is off: a day, then it is of no use. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** After the live channel was lost, notifications this recent that were never pushed are pushed then. */
const CATCH_UP_MS = 15 * 60_000;
const SEND_TIMEOUT_MS = 10_000;
/** Pushes of one notification in flight at once: a member's devices are few, and none waits long for the others. */
const SEND_CONCURRENCY = 4;

/** Who stores a subscription: the member and the session it belongs to (it ends with that session). */
export interface Subscriber {
  userId: string;
  sessionId: string;
}

/**
 * Stores this browser's subscription for the member's session; an endpoint already known (a browser signed in as
 * someone else, or again, before) moves to this member and session. A new endpoint counts against the member's
 * hourly limit (429 past it); one already theirs does not, so a browser re-storing its own subscription on each visit
 * is never refused. A member keeps at most PUSH_DEVICES_MAX: the oldest beyond them are forgotten.
 */
export async function saveSubscription(db: Db, who: Subscriber, input: PushSubscriptionInput, userAgent: string | undefined, now: Date): Promise<void> {
  const [known] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, who.userId)));
  if (!known) {
    const admission = await admitAttempt(db, [{ key: `push-subscribe:${who.userId}`, ...PUSH_SUBSCRIBE_LIMIT }], now);
    if (!admission.admitted) throw new AppError('rate_limited', PUSH_SUBSCRIBE_LIMITED, { headers: { 'Retry-After': String(admission.retryAfter) } });
  }
  const values = {
    userId: who.userId,
    sessionId: who.sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 512) ?? null,
  };
  await db.transaction(async (tx) => {
    // one member's subscriptions are stored one at a time, so two at once never leave more than the cap
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${who.userId}`}))`);
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: now, lastUsedAt: null } });
    // the one just stored always stays; of the others, the newest PUSH_DEVICES_MAX - 1 do
    const beyond = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, who.userId), ne(pushSubscriptions.endpoint, input.endpoint)))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(PUSH_DEVICES_MAX - 1);
    await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, beyond));
  });
}

/** Forgets this browser's subscription, if it is the member's own; another member's is left as it is. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The member's own devices, newest first, named as the sessions list names them; never an endpoint or a key. */
export async function listDevices(db: Db, who: Subscriber): Promise<PushDevice[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt, sessionId: pushSubscriptions.sessionId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, who.userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map((r) => ({ id: r.id, ...describeUserAgent(r.userAgent), createdAt: iso(r.createdAt), current: r.sessionId === who.sessionId }));
}

/** Forgets one of the member's own devices by its id; another member's (or an unknown) id is not found. */
export async function removeDevice(db: Db, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new AppError('not_found', PUSH_DEVICE_NOT_FOUND);
}

/**
 * Sends one encrypted push to its push service (web-push signs and encrypts it; the request itself is made here, so
 * that an http push service on this machine serves in tests like an https one does). Answers the status.
 */
async function post(request: ReturnType<typeof webpush.generateRequestDetails>): Promise<number> {
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    redirect: 'error',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
}

export interface PushSender {
  /**
   * Pushes one notification to its member's devices, at most once whichever instance asks and however often:
   * only when the member chose its group (as for e-mail, whatever the frequency) and has a device subscribed.
   * Never throws; failures are logged.
   */
  deliver(notificationId: string): Promise<void>;
  /** Pushes the recent notifications never pushed (the live channel was lost for a while). */
  catchUp(): Promise<void>;
  /** Resolves once every delivery under way has finished. */
  idle(): Promise<void>;
}

export interface PushDeps {
  db: Db;
  keys: PushKeys;
  log: FastifyBaseLogger;
  now: () => Date;
  /** The sessions' idle limit (SESSION_IDLE_MINUTES): a subscription of a session idle this long takes nothing. */
  sessionIdleMs: number;
}

/** The member can be told things: approved, active and not removed. */
const reachable = sql`exists (select 1 from ${users} where ${users.id} = ${notifications.userId} and ${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null)`;

/**
 * The subscription's session is still in use, by the rule every request applies (server/plugins/session.ts): neither
 * past its absolute expiry nor idle too long. An expired session's row lingers until it is next presented or swept;
 * its subscriptions take nothing meanwhile.
 */
const sessionLive = (now: Date, idleMs: number) =>
  sql`exists (select 1 from ${sessions} where ${sessions.id} = ${pushSubscriptions.sessionId} and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz and ${sessions.lastSeenAt} > ${new Date(now.getTime() - idleMs).toISOString()}::timestamptz)`;

/** Runs `work` for every item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export function createPushSender(deps: PushDeps): PushSender {
  const { db, keys, log } = deps;
  const hasDevice = () =>
    sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${notifications.userId} and ${sessionLive(deps.now(), deps.sessionIdleMs)})`;
  const running = new Set<Promise<void>>();
  const options = { TTL: PUSH_TTL_SECONDS, vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey } };

  async function send(notificationId: string): Promise<void> {
    const [n] = await db
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      // most members have no device: they cost this one lookup
      .where(and(eq(notifications.id, notificationId), isNull(notifications.pushedAt), hasDevice()))
      .limit(1);
    if (!n || (await wantsEmail(db, n.userId, n.type)) === false) return;
    // the claim: one instance's update finds pushed_at empty, every other's finds it set and pushes nothing
    const [claimed] = await db
      .update(notifications)
      .set({ pushedAt: deps.now() })
      .where(and(eq(notifications.id, notificationId), isNull(notifications.pushedAt), reachable, hasDevice()))
      .returning({ userId: notifications.userId, title: notifications.title, actionUrl: notifications.actionUrl });
    if (!claimed) return;
    const devices = await db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, claimed.userId), sessionLive(deps.now(), deps.sessionIdleMs)));
    // the title and the page only: the message itself never passes through a push service
    const payload = JSON.stringify({ title: claimed.title, url: sameSitePath(claimed.actionUrl) ?? '/notifications' });
    await eachLimited(devices, SEND_CONCURRENCY, async (device) => {
      let status: number;
      try {
        status = await post(webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, options));
      } catch (err) {
        log.warn({ userId: device.userId, subscriptionId: device.id, err }, 'push not delivered');
        return;
      }
      if (status === 404 || status === 410) {
        // the browser unsubscribed or the subscription expired: it will never take a push again
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        log.info({ userId: device.userId, subscriptionId: device.id, status }, 'push subscription gone: removed');
      } else if (status >= 200 && status < 300) {
        await db.update(pushSubscriptions).set({ lastUsedAt: deps.now() }).where(eq(pushSubscriptions.id, device.id));
      } else {
        log.warn({ userId: device.userId, subscriptionId: device.id, status }, 'push not delivered');
      }
    });
  }

  const track = (job: Promise<void>) => {
    const p = job.catch((err) => log.error({ err }, 'push delivery failed')).finally(() => running.delete(p));
    running.add(p);
    return p;
  };

  return {
    deliver: (notificationId) => track(send(notificationId)),
    catchUp: () =>
      track(
        (async () => {
          const since = new Date(deps.now().getTime() - CATCH_UP_MS);
          const missed = await db
            .selectDistinct({ id: notifications.id })
            .from(pushSubscriptions)
            .innerJoin(notifications, and(eq(notifications.userId, pushSubscriptions.userId), gt(notifications.createdAt, since), isNull(notifications.pushedAt)))
            .limit(500);
          for (const { id } of missed) await send(id);
        })(),
      ),
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

/** Pushes every notification as soon as its transaction commits (heard on every instance), and catches up after an outage of the live channel. */
export function startPushDelivery(bus: LiveBus, sender: PushSender): void {
  bus.subscribe((event) => {
    if (event.k === 'notification') void sender.deliver(event.id);
  });
  bus.onResume(() => void sender.catchUp());
}
