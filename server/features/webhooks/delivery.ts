import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { safePost } from '../../lib/safe-http.ts';
import { openSecret } from '../../lib/secret-box.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { hasAdminRoleSql } from '../../policies/roles.ts';
import { DELIVER_JOB } from './fan-out.ts';
import { signedHeaders } from './signing.ts';

/**
 * The `webhook.deliver` job: one attempt at one delivery. A 2xx answer delivers it; anything else (a redirect
 * included, since none is followed), a refused address or a timeout is recorded as an attempt and thrown, so the
 * queue tries again later with growing waits. An endpoint whose deliveries have all failed for a day is turned off,
 * its waiting deliveries failed, and the administrators are e-mailed.
 *
 * Order: the deliveries of one record (one lead, one member, one run) reach an endpoint in the order their facts
 * happened. A delivery waits while an older one of the same endpoint and record is pending; when that one ends
 * (delivered or given up), it sends the job of the next. Deliveries of different records are not held back by one
 * failing record. Each delivery is claimed before its attempt, so it is never attempted twice at once. A worker takes
 * one job at a time, so an instance has at most one delivery in flight, to any endpoint; several instances may each
 * have one to the same endpoint, for different records.
 */

export const SECRET_PURPOSE = 'webhook-secret';
/** Tries after the first: with waits from 30 s doubling (and jitter), about a day in all. */
export const DELIVERY_RETRY = { retryLimit: 11, retryDelay: 30, retryBackoff: true } as const;
/** A day of nothing but failures turns an endpoint off. */
export const FAILING_LIMIT_MS = 86_400_000;
const CLAIM_MS = 60_000;

export interface DeliveryDeps {
  db: Db;
  config: Config;
  now: () => Date;
  mailer: Mailer;
  log: FastifyBaseLogger;
  jobs: JobQueue;
}

type Delivery = typeof webhookDeliveries.$inferSelect;
type Endpoint = typeof webhookEndpoints.$inferSelect;

/** The secrets that sign now: the current one, and the previous one during the day after a rotation. */
export function signingSecrets(config: Config, endpoint: Endpoint, now: Date): string[] {
  const secrets = [openSecret(config.sessionSecret, SECRET_PURPOSE, endpoint.secretSealed)];
  if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
    secrets.push(openSecret(config.sessionSecret, SECRET_PURPOSE, endpoint.previousSecretSealed));
  }
  return secrets;
}

/**
 * A delivery still pending for the same endpoint and record, sent before this one (`before`) or the first after it
 * (`after`): deliveries of one record to one endpoint go out in the order they were made.
 */
function pendingNeighbour(deps: DeliveryDeps, d: Delivery, side: 'before' | 'after') {
  return deps.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, d.endpointId),
        eq(webhookDeliveries.entityType, d.entityType),
        eq(webhookDeliveries.entityId, d.entityId),
        eq(webhookDeliveries.status, 'pending'),
        side === 'before' ? lt(webhookDeliveries.seq, d.seq) : gt(webhookDeliveries.seq, d.seq),
      ),
    )
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
}

/** Sends the job of the next delivery waiting behind this one (same endpoint and record), if any. */
async function sendNext(deps: DeliveryDeps, d: Delivery) {
  const [next] = await pendingNeighbour(deps, d, 'after');
  if (next) await deps.jobs.send(DELIVER_JOB, { deliveryId: next.id });
}

async function finish(deps: DeliveryDeps, d: Delivery, status: 'succeeded' | 'failed', now: Date) {
  await deps.db.update(webhookDeliveries).set({ status, finishedAt: now, lockedUntil: null }).where(eq(webhookDeliveries.id, d.id));
  await sendNext(deps, d);
}

/** Turns a failing endpoint off, fails what waits for it, and tells the administrators by e-mail. */
async function disableEndpoint(deps: DeliveryDeps, endpoint: Endpoint, now: Date) {
  const reason = 'Every delivery failed for 24 hours.';
  const turnedOff = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', finishedAt: now, lockedUntil: null })
      .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    return Boolean(row);
  });
  if (!turnedOff) return;
  const admins = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    // integrations are the administrators' to look after
    .where(and(hasAdminRoleSql(users.role), eq(users.isActive, true), eq(users.accountStatus, 'approved'), isNull(users.removedAt)));
  const where = deps.config.publicUrl ? `${deps.config.publicUrl}/admin` : 'the Admin Panel';
  for (const admin of admins) {
    await deps.mailer.send({
      to: admin.email,
      subject: 'A webhook endpoint was turned off',
      text: `Dear ${admin.firstName},\n\nEvery delivery to the webhook endpoint ${endpoint.url} failed for 24 hours, so it has been turned off and its waiting events were dropped.\n\nOnce the receiver works again, turn the endpoint back on in Admin Panel → Integrations (${where}); its delivery log shows each failed attempt.\n\nThe ${deps.config.brandName} team`,
    });
  }
  deps.log.warn({ endpointId: endpoint.id }, 'webhook endpoint turned off after a day of failures');
}

/** Why an attempt failed, in words, from the receiver's status code. */
const refusalOf = (code: number) => (code >= 300 && code < 400 ? `The receiver answered ${code}; redirects are not followed.` : `The receiver answered ${code}.`);

/** One attempt at a delivery (the job's handler). Throws when it failed and another try is due. */
export async function deliver(deps: DeliveryDeps, deliveryId: string, job: { retryCount: number }): Promise<void> {
  const now = deps.now();
  const [d] = await deps.db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, now)),
      ),
    )
    .returning();
  // delivered or given up already, or another worker is at it
  if (!d) return;
  const release = () => deps.db.update(webhookDeliveries).set({ lockedUntil: null }).where(eq(webhookDeliveries.id, d.id));
  const [older] = await pendingNeighbour(deps, d, 'before');
  if (older) {
    // not its turn: the older delivery sends this one's job when it ends
    await release();
    return;
  }
  const [endpoint] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, d.endpointId));
  if (!endpoint?.enabled) return finish(deps, d, 'failed', now);

  const body = JSON.stringify(d.payload);
  // the receiver compares the timestamp with its own clock: the real time of the attempt
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = { ...signedHeaders(signingSecrets(deps.config, endpoint, now), d.id, timestamp, body), 'user-agent': `${deps.config.brandName} webhooks` };
  const started = performance.now();
  let statusCode: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    const answer = await safePost(endpoint.url, body, headers, { allowLoopback: deps.config.webhooks.allowLoopback });
    statusCode = answer.statusCode;
    excerpt = answer.excerpt;
    if (statusCode < 200 || statusCode >= 300) error = refusalOf(statusCode);
  } catch (err) {
    const e = err as Error & { cause?: { name?: string } };
    const timedOut = e.name === 'TimeoutError' || e.cause?.name === 'TimeoutError';
    error = timedOut ? 'The receiver did not answer within 10 seconds.' : `The receiver could not be reached: ${e.message}`;
  }
  const durationMs = Math.round(performance.now() - started);
  const attempt = d.attempts + 1;
  await deps.db.insert(webhookAttempts).values({ deliveryId: d.id, attempt, at: now, statusCode, durationMs, error, responseExcerpt: excerpt?.slice(0, 1024) ?? null });
  await deps.db.update(webhookDeliveries).set({ attempts: attempt }).where(eq(webhookDeliveries.id, d.id));

  if (!error) {
    await deps.db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
    return finish(deps, { ...d, attempts: attempt }, 'succeeded', now);
  }
  const [failing] = await deps.db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning({ since: webhookEndpoints.failingSince });
  if (failing?.since && now.getTime() - failing.since.getTime() >= FAILING_LIMIT_MS) return disableEndpoint(deps, endpoint, now);
  if (job.retryCount >= DELIVERY_RETRY.retryLimit) return finish(deps, d, 'failed', now);
  await release();
  throw new Error(error);
}
