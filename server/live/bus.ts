import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeTopic } from '../../common/constants/changes.ts';
import type { Database, Db, Tx } from '../db/client.ts';

/** The channel the database triggers announce live changes on (migration 0015). */
export const LIVE_CHANNEL = 'live';

/**
 * What the triggers announce, ids only: each instance loads the rows it needs for the sockets it holds.
 * `notification`: a member was notified; `notification.read`: some of their notifications were marked read;
 * `chat.message` / `chat.message.updated`: a message was posted, edited or deleted in a channel;
 * `chat.membership`: a member joined or left a channel (or was invited); `chat.read`: a member read a channel;
 * `presence`: a member's online / away / offline status changed; `changed`: something every member may see
 * changed under a topic (announced by a service with `announceChange`, not by a trigger).
 */
export type BusEvent =
  | { k: 'notification'; id: string; u: string }
  | { k: 'notification.read'; u: string }
  | { k: 'chat.message' | 'chat.message.updated'; id: string; c: string }
  | { k: 'chat.membership' | 'chat.read'; u: string; c: string }
  | { k: 'presence'; u: string }
  | { k: 'changed'; t: ChangeTopic };

const KINDS = new Set(['notification', 'notification.read', 'chat.message', 'chat.message.updated', 'chat.membership', 'chat.read', 'presence', 'changed']);

/**
 * Runs work for a key once per burst: the first call starts a wait of `ms`, calls for the same key during it are
 * folded into it, then the work runs once.
 */
export function coalescer(ms: number) {
  const pending = new Map<string, NodeJS.Timeout>();
  return {
    run(key: string, work: () => void) {
      if (pending.has(key)) return;
      const timer = setTimeout(() => {
        pending.delete(key);
        work();
      }, ms);
      timer.unref();
      pending.set(key, timer);
    },
    cancel() {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    },
  };
}

/**
 * Announces, when the caller's transaction commits, that something every member may see changed under `topic`:
 * every open tab refreshes what shows it (a few announcements close together reach a tab as one).
 */
export async function announceChange(db: Db | Tx, topic: ChangeTopic): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ k: 'changed', t: topic })})`);
}

export interface LiveBus {
  /** Calls `handler` for every announcement, on every instance, after the announcing transaction committed. */
  subscribe(handler: (event: BusEvent) => void): () => void;
  /**
   * Calls `handler` when delivery resumes after the listening connection was lost: whatever was announced in
   * between was missed, so a subscriber catches up (the sockets are told to refetch; senders sweep).
   */
  onResume(handler: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function parse(payload: string): BusEvent | null {
  try {
    const event = JSON.parse(payload) as BusEvent;
    return event && typeof event === 'object' && KINDS.has(event.k) ? event : null;
  } catch {
    return null;
  }
}

/**
 * The live bus: PostgreSQL LISTEN on the live channel, so two instances on one database hear the same
 * announcements; on the embedded database the same triggers and LISTEN run in-process.
 */
export function createLiveBus(database: Pick<Database, 'listen'>, log: FastifyBaseLogger): LiveBus {
  const handlers = new Set<(event: BusEvent) => void>();
  const resumers = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;
  let wasDown = false;
  const each = <T>(set: Set<(arg: T) => void>, arg: T) => {
    for (const h of set) {
      try {
        h(arg);
      } catch (err) {
        log.error({ err }, 'a live bus subscriber failed');
      }
    }
  };
  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    onResume(handler) {
      resumers.add(handler);
      return () => void resumers.delete(handler);
    },
    async start() {
      if (unlisten) return;
      unlisten = await database.listen(LIVE_CHANNEL, {
        message: (payload) => {
          const event = parse(payload);
          if (event) each(handlers, event);
        },
        up: () => {
          if (!wasDown) return;
          wasDown = false;
          each(resumers as Set<(arg: undefined) => void>, undefined);
        },
        down: () => {
          wasDown = true;
          log.warn('live delivery paused: the database notification channel was lost');
        },
      });
    },
    async stop() {
      const u = unlisten;
      unlisten = null;
      await u?.();
    },
  };
}
