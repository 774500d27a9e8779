import { and, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { Presence } from '../../common/schemas/live.ts';
import type { Db } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { presenceSockets, userPresence, users } from '../db/schema/index.ts';
import { sharesWith, visibleMember } from '../policies/member-visibility.ts';
import type { Actor } from '../policies/roles.ts';
import { listedMember } from '../services/members.ts';
import { iso } from '../presenters/wire.ts';

/** A socket this instance holds, with the state its tab last reported. */
export interface HeldSocket {
  id: string;
  userId: string;
  status: 'online' | 'away';
}

/** A socket whose instance has not refreshed it for this long belongs to an instance that died: it is dropped. */
export const STALE_SOCKET_MS = 90_000;

/**
 * Presence across instances. Every open socket has a row in presence_sockets, on whichever instance holds it,
 * with the state its tab reports. A member is online while any of their sockets says so, away while they have
 * sockets but all are idle or hidden, offline without any. user_presence holds that result (and when they were
 * last seen); a change of status is announced to every instance by a trigger.
 */
export class PresenceStore {
  constructor(
    private readonly db: Db,
    readonly instanceId: string,
    private readonly now: () => Date,
  ) {}

  /** `seen_at` is always the database's clock, so instances whose clocks differ agree on what is stale. */
  async connect(socketId: string, userId: string): Promise<void> {
    await this.db.insert(presenceSockets).values({ id: socketId, userId, instanceId: this.instanceId, status: 'online', seenAt: sql`now()` });
    await this.recompute(userId, socketId);
  }

  async set(socketId: string, userId: string, status: 'online' | 'away'): Promise<void> {
    await this.upsert([{ id: socketId, userId, status }]);
    await this.recompute(userId, socketId);
  }

  /** Writes these sockets' rows afresh (a row another instance dropped as stale comes back); answers the members whose row was missing. */
  private async upsert(held: readonly HeldSocket[]): Promise<string[]> {
    if (held.length === 0) return [];
    const rows = await this.db
      .insert(presenceSockets)
      .values(held.map((h) => ({ id: h.id, userId: h.userId, instanceId: this.instanceId, status: h.status, seenAt: sql`now()` })))
      .onConflictDoUpdate({ target: presenceSockets.id, set: { status: sql`excluded.status`, seenAt: sql`now()` } })
      .returning({ userId: presenceSockets.userId, inserted: sql<boolean>`(xmax = 0)` });
    return rows.filter((r) => r.inserted).map((r) => r.userId);
  }

  async disconnect(socketId: string, userId: string): Promise<void> {
    await this.db.delete(presenceSockets).where(eq(presenceSockets.id, socketId));
    await this.recompute(userId, socketId);
  }

  /**
   * Sets the member's status from their sockets. A lock per member serialises two instances recomputing at once,
   * so the last one to write has seen every socket committed before it.
   */
  async recompute(userId: string, socketId: string | null): Promise<void> {
    const at = this.now().toISOString();
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('presence:' || ${userId}))`);
      await tx.execute(sql`
        insert into ${userPresence} (user_id, status, last_seen, socket_id)
        select ${userId}::uuid,
          coalesce((select case when bool_or(s.status = 'online') then 'online' else 'away' end
                    from ${presenceSockets} s where s.user_id = ${userId}::uuid having count(*) > 0), 'offline'),
          ${at}::timestamptz, ${socketId}
        on conflict (user_id) do update set status = excluded.status, last_seen = excluded.last_seen, socket_id = excluded.socket_id`);
    });
  }

  /**
   * Run while the instance lives: refreshes its own sockets (and their members' last seen), and drops the sockets
   * of instances that stopped refreshing theirs, recomputing those members.
   */
  async heartbeat(held: readonly HeldSocket[]): Promise<void> {
    const at = this.now();
    const restored = await this.upsert(held);
    // rows of this instance for sockets it no longer holds (a close whose delete was lost) go
    const orphans = await this.db
      .delete(presenceSockets)
      .where(
        and(
          eq(presenceSockets.instanceId, this.instanceId),
          held.length > 0
            ? notInArray(
                presenceSockets.id,
                held.map((h) => h.id),
              )
            : undefined,
        ),
      )
      .returning({ userId: presenceSockets.userId });
    await this.db.execute(
      sql`update ${userPresence} set last_seen = ${at.toISOString()}::timestamptz where user_id in (select user_id from ${presenceSockets} where instance_id = ${this.instanceId})`,
    );
    const stale = await this.db
      .delete(presenceSockets)
      .where(lt(presenceSockets.seenAt, sql`now() - make_interval(secs => ${STALE_SOCKET_MS / 1000})`))
      .returning({ userId: presenceSockets.userId });
    for (const userId of new Set([...restored, ...orphans.map((s) => s.userId), ...stale.map((s) => s.userId)])) await this.recompute(userId, null);
  }

  /** On shutdown: this instance's sockets are gone; their members are recomputed from the others'. */
  async closeInstance(): Promise<void> {
    const gone = await this.db.delete(presenceSockets).where(eq(presenceSockets.instanceId, this.instanceId)).returning({ userId: presenceSockets.userId });
    for (const userId of new Set(gone.map((s) => s.userId))) await this.recompute(userId, null);
  }

  /** The presence of the given members; a member never seen is offline. */
  async of(userIds: readonly string[]): Promise<Presence[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ userId: userPresence.userId, status: userPresence.status, lastSeen: userPresence.lastSeen })
      .from(userPresence)
      .where(and(inArray(userPresence.userId, [...userIds])));
    return present(userIds, rows);
  }

  /**
   * The presence of the given members as this viewer may see it, in one query: a member they may not see
   * (server/policies/member-visibility.ts) reads as offline and never seen, like a member who does not exist.
   */
  async seenBy(viewer: Pick<Actor, 'id' | 'role'>, userIds: readonly string[]): Promise<Presence[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .select({ userId: userPresence.userId, status: userPresence.status, lastSeen: userPresence.lastSeen })
      .from(users)
      .innerJoin(userPresence, eq(userPresence.userId, users.id))
      .where(and(inArray(users.id, [...userIds]), visibleMember(viewer, users.id, listedMember)));
    return present(userIds, rows);
  }

  /**
   * One member's presence, and which of these viewers (none an administrator, who see everyone) may see it, in one
   * query.
   */
  async withViewers(userId: string, viewerIds: readonly string[]): Promise<{ presence: Presence; viewers: Set<string> }> {
    const viewer = alias(users, 'viewer');
    const [row] = await this.db
      .select({
        status: userPresence.status,
        lastSeen: userPresence.lastSeen,
        viewers: viewerIds.length
          ? sql<
              string[]
            >`array(select ${viewer.id}::text from ${users} as "viewer" where ${inArray(viewer.id, [...viewerIds])} and ${sharesWith(viewer.id, users.id, listedMember)})`
          : sql<string[]>`array[]::text[]`,
      })
      .from(users)
      .leftJoin(userPresence, eq(userPresence.userId, users.id))
      .where(eq(users.id, userId));
    const [presence] = present([userId], row?.status ? [{ userId, status: row.status, lastSeen: row.lastSeen }] : []);
    return { presence, viewers: new Set(row?.viewers ?? []) };
  }
}

/** Each asked member's presence from the rows found; a member without a row is offline and never seen. */
function present(userIds: readonly string[], rows: Array<{ userId: string; status: string; lastSeen: Date | null }>): Presence[] {
  const found = new Map(rows.map((r) => [r.userId, r]));
  return userIds.map((userId) => {
    const r = found.get(userId);
    const status = r?.status === 'online' || r?.status === 'away' ? r.status : 'offline';
    return { userId, status, lastSeen: r ? iso(r.lastSeen) : null };
  });
}

/** What a member reads of someone they may not see: the same as for a member never seen. */
export const unseen = (userId: string): Presence => ({ userId, status: 'offline', lastSeen: null });
