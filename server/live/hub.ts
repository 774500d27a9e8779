import { randomUUID } from 'node:crypto';
import { CHANGE_TOPICS } from '../../common/constants/changes.ts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_TOO_MANY_SOCKETS, LIVE_SOCKETS_PER_MEMBER, liveClientMessageSchema, PRESENCE_WATCH_MAX, type LiveServerEvent } from '../../common/schemas/live.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { notifications, sessions, users } from '../db/schema/index.ts';
import { AUTH_CHANGES_CHANNEL } from '../plugins/session.ts';
import { mustSetUpSecondFactorSql } from '../policies/two-factor.ts';
import { presentNotification } from '../presenters/notification.ts';
import { liveMessageFor } from '../services/chat-messages.ts';
import { countUnread } from '../services/notifications.ts';
import { coalescer, type BusEvent, type LiveBus } from './bus.ts';
import { seesEveryMember } from '../policies/member-visibility.ts';
import type { Actor } from '../policies/roles.ts';
import { PresenceStore, unseen } from './presence.ts';

/**
 * Close codes the client understands: 4401 means "signed out, do not reconnect"; CLOSE_TOO_MANY_SOCKETS, "the
 * member opened more tabs elsewhere: reconnect only when this tab is used again"; anything else, reconnect.
 */
export const CLOSE_SIGNED_OUT = 4401;
const CLOSE_POLICY = 1008;
const CLOSE_GOING_AWAY = 1001;

/** How often sockets are pinged, presence refreshed and sessions re-checked. */
const HEARTBEAT_MS = 30_000;
/** A socket that stops reading (its buffer grows past this) is cut rather than held in memory. */
const MAX_BUFFERED_BYTES = 1 << 20;
/** Messages a client may send per heartbeat: presence changes and watch lists, a handful a minute. */
const MAX_CLIENT_MESSAGES = 60;
/** How long a change announcement waits for others of its topic, so a burst reaches each tab as one. */
const CHANGE_COALESCE_MS = 500;
/** The largest frame a client sends: a watch list of PRESENCE_WATCH_MAX ids. */
const MAX_CLIENT_FRAME_CHARS = 40 * PRESENCE_WATCH_MAX + 100;

/** One event as the text frame every socket it goes to is sent. */
const encode = (event: LiveServerEvent) => Buffer.from(JSON.stringify(event));
const PING_FRAME = encode({ type: 'ping' });

interface Connection {
  id: string;
  socket: WebSocket;
  userId: string;
  /** The member as the visibility rule needs them (their role, read when the socket opened). */
  viewer: Pick<Actor, 'id' | 'role'>;
  /** An administrator: sees every member's presence, so nothing is checked per member. */
  seesEveryone: boolean;
  /** The watched members whose real presence this tab was sent; one it may no longer see is told offline once. */
  shown: Set<string>;
  sessionId: string;
  alive: boolean;
  received: number;
  /** The members whose presence this tab shows. */
  watching: Set<string>;
  /** What the tab last said of itself. */
  status: 'online' | 'away';
}

export interface LiveHubDeps {
  db: Db;
  database: Pick<Database, 'listen'>;
  config: Config;
  bus: LiveBus;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The sockets this instance holds, by member, and the fan-out of the bus's announcements to them: each
 * announcement is read from the database once per instance (ids travel, rows do not), then sent to the sockets of
 * the members it concerns. Ends a member's sockets when their session ends or their account is closed.
 */
export class LiveHub {
  readonly presence: PresenceStore;
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Who watches whom: a presence change is read and sent only when some socket here shows that member. */
  private readonly watchers = new Map<string, Set<Connection>>();
  private readonly chains = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void)[] = [];
  private readonly changes = coalescer(CHANGE_COALESCE_MS);
  private unlistenAuth: (() => Promise<void>) | null = null;

  constructor(private readonly deps: LiveHubDeps) {
    this.presence = new PresenceStore(deps.db, randomUUID(), deps.now);
  }

  /** Sockets open on this instance (the benchmark and tests read it). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  async start(): Promise<void> {
    this.unsubscribe.push(this.deps.bus.subscribe((event) => this.onBusEvent(event)));
    // after a lost database connection, every socket refetches what it shows: announcements may have been missed
    this.unsubscribe.push(this.deps.bus.onResume(() => this.broadcastReady()));
    this.unlistenAuth = await this.deps.database.listen(AUTH_CHANGES_CHANNEL, {
      message: (payload) => this.onAuthChange(payload),
      up: () => {},
      down: () => {},
    });
    this.timer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const u of this.unsubscribe.splice(0)) u();
    this.changes.cancel();
    await this.unlistenAuth?.();
    this.unlistenAuth = null;
    for (const set of this.byUser.values()) for (const c of set) c.socket.close(CLOSE_GOING_AWAY, 'Server restarting');
    this.byUser.clear();
    this.watchers.clear();
    await this.presence.closeInstance().catch((err) => this.deps.log.warn({ err }, 'presence of closing sockets not cleared'));
  }

  /**
   * Takes a socket the handshake accepted (a signed-in, approved member whose page is ours). A member holds at most
   * LIVE_SOCKETS_PER_MEMBER here: a new one closes their oldest (sets keep the order sockets were added in).
   */
  async accept(socket: WebSocket, user: Pick<Actor, 'id' | 'role'>, sessionId: string): Promise<void> {
    const userId = user.id;
    const conn: Connection = {
      id: randomUUID(),
      socket,
      userId,
      viewer: { id: user.id, role: user.role },
      seesEveryone: seesEveryMember(user),
      shown: new Set(),
      sessionId,
      alive: true,
      received: 0,
      watching: new Set(),
      status: 'online',
    };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    for (const old of [...set].slice(0, Math.max(0, set.size + 1 - LIVE_SOCKETS_PER_MEMBER))) {
      // out of the set now, so the count is right at once; its close event tidies the rest
      set.delete(old);
      old.socket.close(CLOSE_TOO_MANY_SOCKETS, 'Too many open tabs');
    }
    set.add(conn);
    socket.on('pong', () => (conn.alive = true));
    socket.on('message', (data, isBinary) => this.onClientMessage(conn, isBinary ? null : data.toString()));
    socket.on('close', () => {
      const own = this.byUser.get(userId);
      own?.delete(conn);
      if (own?.size === 0 && this.byUser.get(userId) === own) this.byUser.delete(userId);
      this.watch(conn, []);
      // after the connect below, whatever the timing: a socket's presence writes run one after another
      void this.serially(`s:${conn.id}`, () => this.presence.disconnect(conn.id, userId));
    });
    socket.on('error', (err) => this.deps.log.debug({ err }, 'live socket error'));
    await this.serially(`s:${conn.id}`, () => this.presence.connect(conn.id, userId));
    if (socket.readyState === socket.OPEN) this.send(conn, { type: 'ready', userId });
  }

  private onClientMessage(conn: Connection, text: string | null) {
    conn.received += 1;
    if (conn.received > MAX_CLIENT_MESSAGES || text === null || text.length > MAX_CLIENT_FRAME_CHARS) return void conn.socket.close(CLOSE_POLICY, 'Unexpected message');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return void conn.socket.close(CLOSE_POLICY, 'Unexpected message');
    }
    const message = liveClientMessageSchema.safeParse(parsed);
    if (!message.success) return void conn.socket.close(CLOSE_POLICY, 'Unexpected message');
    const m = message.data;
    if (m.type === 'watch') return this.watch(conn, m.userIds);
    conn.status = m.status;
    void this.serially(`s:${conn.id}`, () => this.presence.set(conn.id, conn.userId, m.status));
  }

  /**
   * Replaces the set of members whose presence the socket shows, and sends the presence of those newly shown, all
   * read in one query: a member the socket's member may not see reads as offline and never seen.
   */
  private watch(conn: Connection, userIds: readonly string[]) {
    const next = new Set(userIds);
    const added = [...next].filter((u) => !conn.watching.has(u));
    for (const u of conn.watching) {
      if (next.has(u)) continue;
      conn.shown.delete(u);
      const set = this.watchers.get(u);
      set?.delete(conn);
      if (set?.size === 0) this.watchers.delete(u);
    }
    for (const u of next) {
      let set = this.watchers.get(u);
      if (!set) this.watchers.set(u, (set = new Set()));
      set.add(conn);
    }
    conn.watching = next;
    if (added.length === 0 || conn.socket.readyState !== conn.socket.OPEN) return;
    // in line with each of those members' changes, so a snapshot never overtakes a newer change
    void this.seriallyAll(
      added.map((u) => `p:${u}`),
      async () => {
        const still = added.filter((u) => conn.watching.has(u));
        if (still.length === 0) return;
        for (const presence of await this.presence.seenBy(conn.viewer, still)) {
          if (presence.lastSeen !== null) conn.shown.add(presence.userId);
          this.send(conn, { type: 'presence', presence });
        }
      },
    );
  }

  /** Sends an event, or a frame already encoded once for many sockets. */
  private send(conn: Connection, event: LiveServerEvent | Buffer) {
    if (conn.socket.readyState !== conn.socket.OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) return void conn.socket.terminate();
    conn.socket.send(Buffer.isBuffer(event) ? event : JSON.stringify(event), { binary: false });
  }

  private sendToUser(userId: string, event: LiveServerEvent | Buffer) {
    const set = this.byUser.get(userId);
    if (!set) return;
    const frame = Buffer.isBuffer(event) ? event : encode(event);
    for (const c of set) this.send(c, frame);
  }

  private broadcast(frame: Buffer) {
    for (const set of this.byUser.values()) for (const c of set) this.send(c, frame);
  }

  private broadcastReady() {
    for (const [userId, set] of this.byUser) for (const c of set) this.send(c, { type: 'ready', userId });
  }

  /** Work that must follow and precede the work of every one of these keys (a watch list's members). */
  private seriallyAll(keys: readonly string[], work: () => Promise<void>): Promise<void> {
    const previous = Promise.all(keys.map((k) => this.chains.get(k)));
    const next = previous
      .then(work)
      .catch((err) => this.deps.log.error({ err }, 'live delivery failed'))
      .finally(() => {
        for (const k of keys) if (this.chains.get(k) === next) this.chains.delete(k);
      });
    for (const k of keys) this.chains.set(k, next);
    return next;
  }

  /** Work for one key (a member, a channel) runs in order, so two messages of a channel arrive as they were written. */
  private serially(key: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((err) => this.deps.log.error({ err }, 'live delivery failed'))
      .finally(() => {
        if (this.chains.get(key) === next) this.chains.delete(key);
      });
    this.chains.set(key, next);
    return next;
  }

  private onBusEvent(event: BusEvent) {
    const { db } = this.deps;
    switch (event.k) {
      case 'notification':
        if (!this.byUser.has(event.u)) return;
        return this.serially(`u:${event.u}`, async () => {
          const [row] = await db.select().from(notifications).where(eq(notifications.id, event.id));
          if (!row) return;
          this.sendToUser(event.u, { type: 'notification', notification: presentNotification(row), unreadCount: await countUnread(db, event.u) });
        });
      case 'notification.read':
        if (!this.byUser.has(event.u)) return;
        return this.serially(`u:${event.u}`, async () => {
          this.sendToUser(event.u, { type: 'notification.read', unreadCount: await countUnread(db, event.u) });
        });
      case 'chat.message':
      case 'chat.message.updated': {
        if (this.byUser.size === 0) return;
        const type = event.k;
        return this.serially(`c:${event.c}`, async () => {
          // recipients differ only in what they may do with the message: each variant is encoded once
          const frames = new Map<string, Buffer>();
          for (const { userId, message } of await liveMessageFor(db, event.id, [...this.byUser.keys()])) {
            const variant = `${message.can.edit}:${message.can.delete}`;
            let frame = frames.get(variant);
            if (!frame) frames.set(variant, (frame = encode({ type, channelId: event.c, message })));
            this.sendToUser(userId, frame);
          }
        });
      }
      case 'chat.membership':
      case 'chat.read':
        return this.sendToUser(event.u, { type: event.k, channelId: event.c });
      case 'changed': // to every socket here, a burst as one (no content travels: see announceChange)
        if (!(CHANGE_TOPICS as readonly string[]).includes(event.t) || this.byUser.size === 0) return;
        return this.changes.run(event.t, () => this.broadcast(encode({ type: 'changed', topic: event.t })));
      case 'presence':
        if (!this.watchers.has(event.u)) return;
        return this.serially(`p:${event.u}`, async () => {
          const watching = [...(this.watchers.get(event.u) ?? [])];
          // visibility is asked afresh on each change: a member who hides from the directory or ends a connection
          // stops being followed at once
          const checked = [...new Set(watching.filter((c) => !c.seesEveryone && c.userId !== event.u).map((c) => c.userId))];
          const { presence, viewers } = await this.presence.withViewers(event.u, checked);
          const frame = encode({ type: 'presence', presence });
          let hidden: Buffer | null = null;
          for (const c of watching) {
            if (c.seesEveryone || c.userId === event.u || viewers.has(c.userId)) {
              c.shown.add(event.u);
              this.send(c, frame);
            } else if (c.shown.delete(event.u)) {
              this.send(c, (hidden ??= encode({ type: 'presence', presence: unseen(event.u) })));
            }
          }
        });
    }
  }

  /**
   * A session ended ('s:<id>'), a member's account or second factor changed ('u:<id>'), or the security settings
   * changed ('settings'): end the sockets that may no longer stay.
   */
  private onAuthChange(payload: string) {
    if (payload.startsWith('s:')) {
      const sessionId = payload.slice(2);
      for (const set of this.byUser.values()) for (const c of set) if (c.sessionId === sessionId) c.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
      return;
    }
    if (payload.startsWith('u:')) {
      const userId = payload.slice(2);
      if (this.byUser.has(userId)) void this.serially(`u:${userId}`, () => this.closeUnwelcome([userId]));
      return;
    }
    // the administrators' two-factor requirement may have been turned on: every member here is checked again
    if (this.byUser.size > 0) void this.serially('settings', () => this.closeUnwelcome([...this.byUser.keys()]));
  }

  /**
   * Closes the sockets of those members who may no longer use the app: deactivated, removed, no longer approved, or an
   * administrator who must first turn on two-factor sign-in (the same rule every API request applies).
   */
  private async closeUnwelcome(userIds: string[]) {
    const rows = await this.deps.db
      .select({
        id: users.id,
        ok: sql<boolean>`${users.isActive} and ${users.accountStatus} = 'approved' and ${users.removedAt} is null
          and not ${mustSetUpSecondFactorSql(users.role, users.id)}`,
      })
      .from(users)
      .where(inArray(users.id, userIds));
    const allowed = new Set(rows.filter((r) => r.ok).map((r) => r.id));
    for (const userId of userIds) {
      if (allowed.has(userId)) continue;
      for (const c of this.byUser.get(userId) ?? []) c.socket.close(CLOSE_SIGNED_OUT, 'Signed out');
    }
  }

  /**
   * Every HEARTBEAT_MS: sockets that did not answer the last ping are cut, sessions that ended or expired
   * (absolute or idle) end their sockets, and presence is refreshed.
   */
  async heartbeat(): Promise<void> {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    for (const c of all) {
      c.received = 0;
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
      // browsers cannot see pings: this frame tells the tab its socket is alive (it reconnects after a long silence)
      this.send(c, PING_FRAME);
    }
    try {
      const ids = [...new Set(all.map((c) => c.sessionId))];
      if (ids.length > 0) {
        const t = this.deps.now();
        const idleSince = new Date(t.getTime() - this.deps.config.session.idleMs);
        const live = await this.deps.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, t), gt(sessions.lastSeenAt, idleSince)));
        const alive = new Set(live.map((s) => s.id));
        for (const c of all) if (!alive.has(c.sessionId)) c.socket.close(CLOSE_SIGNED_OUT, 'Session ended');
      }
      await this.presence.heartbeat(all.map((c) => ({ id: c.id, userId: c.userId, status: c.status })));
    } catch (err) {
      this.deps.log.warn({ err }, 'live heartbeat failed');
    }
  }
}
