import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { sameSitePath } from '../../common/rules/notifications.ts';
import type { PushSubscriptionInput } from '../../common/schemas/push.ts';
import type { PushKeys } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notifications, pushSubscriptions, users } from '../db/schema/index.ts';
import type { LiveBus } from '../live/bus.ts';
import { wantsEmail } from './notification-preferences.ts';

/** How long a push service keeps a message for a device that is off: a day, then it is of no use. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** After the live channel was lost, notifications this recent that were never pushed are pushed then. */
const CATCH_UP_MS = 15 * 60_000;
const SEND_TIMEOUT_MS = 10_000;

/** Stores this browser's subscription for the member; an endpoint already known (a browser signed in as someone else before) moves to them. */
export async function saveSubscription(db: Db, userId: string, input: PushSubscriptionInput, userAgent: string | undefined, now: Date): Promise<void> {
  const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 512) ?? null };
  await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: now, lastUsedAt: null } });
}

/** Forgets this browser's subscription, if it is the member's own; another member's is left as it is. */
export async function removeSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
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
}

/** The member can be told things: approved, active and not removed. */
const reachable = sql`exists (select 1 from ${users} where ${users.id} = ${notifications.userId} and ${users.accountStatus} = 'approved' and ${users.isActive} and ${users.removedAt} is null)`;
const hasDevice = sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${notifications.userId})`;

export function createPushSender(deps: PushDeps): PushSender {
  const { db, keys, log } = deps;
  const running = new Set<Promise<void>>();
  const options = { TTL: PUSH_TTL_SECONDS, vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey } };

  async function send(notificationId: string): Promise<void> {
    const [n] = await db
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      // most members have no device: they cost this one lookup
      .where(and(eq(notifications.id, notificationId), isNull(notifications.pushedAt), hasDevice))
      .limit(1);
    if (!n || (await wantsEmail(db, n.userId, n.type)) === false) return;
    // the claim: one instance's update finds pushed_at empty, every other's finds it set and pushes nothing
    const [claimed] = await db
      .update(notifications)
      .set({ pushedAt: deps.now() })
      .where(and(eq(notifications.id, notificationId), isNull(notifications.pushedAt), reachable, hasDevice))
      .returning({ userId: notifications.userId, title: notifications.title, actionUrl: notifications.actionUrl });
    if (!claimed) return;
    const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, claimed.userId));
    // the title and the page only: the message itself never passes through a push service
    const payload = JSON.stringify({ title: claimed.title, url: sameSitePath(claimed.actionUrl) ?? '/notifications' });
    await Promise.all(
      devices.map(async (device) => {
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
      }),
    );
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
