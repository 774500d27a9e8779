import type { sessions, users } from '../db/schema/index.ts';
import { SingleFlight } from '../lib/single-flight.ts';

type SessionRow = typeof sessions.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** What the sign-in knows of the user's second factor, read with the session. */
export interface SessionSecurity {
  /** The user has two-factor sign-in on. */
  twoFactorEnabled: boolean;
  /** The organisation requires it of administrators (an admin setting). */
  adminTwoFactorRequired: boolean;
}

export interface CachedSession {
  session: SessionRow;
  user: UserRow;
  security: SessionSecurity;
  cachedAt: number;
}

/** What a lookup remembers before it goes to the database, so an answer older than an invalidation is not kept. */
export type Ticket = number;

/**
 * One instance's memory of session → user lookups, for reads only and for a few seconds.
 *
 * Correctness rests on three rules:
 * - every change that can end or narrow a session (sign-out, deactivation, removal, any update of the user row)
 *   reaches `forgetSession` / `forgetUser` at once: on this instance directly, on the others through the
 *   database's notification channel, which triggers on `sessions` and `users` feed;
 * - an answer read from the database is kept only if nothing about that session or user was invalidated after
 *   the read began (`ticket()` before the read, `put(ticket, …)` after), so a read racing a sign-out cannot
 *   put the old row back;
 * - while the notification channel is down (`suspend`), nothing is served from memory at all.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly byUser = new Map<string, Set<string>>();
  /** The generation at which each session ('s:id') or user ('u:id') was last invalidated. */
  private readonly invalidated = new Map<string, number>();
  private generation = 0;
  /** Answers whose read began before this generation are never kept (after a reset or pruning). */
  private floor = 0;
  private live = false;
  /** Database reads under way, keyed by the generation they began in and the session. */
  private readonly reads = new SingleFlight<string, unknown>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number,
    private readonly maxEntries = 20_000,
  ) {}

  get enabled() {
    return this.live && this.ttlMs > 0;
  }

  ticket(): Ticket {
    return this.generation;
  }

  /**
   * Runs `read` (the database lookup of a session), or joins the lookup of the same session already under way when
   * nothing was invalidated since it began, so a burst of reads of one cold session costs one lookup. Without the
   * cache (off, or the channel down) every caller reads for itself.
   */
  shared<T>(sessionId: string, read: () => Promise<T>): Promise<T> {
    if (!this.enabled) return read();
    return this.reads.run(`${this.generation}:${sessionId}`, read) as Promise<T>;
  }

  get(sessionId: string): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const hit = this.entries.get(sessionId);
    if (!hit) return undefined;
    if (this.clock() - hit.cachedAt >= this.ttlMs || this.clock() < hit.cachedAt) {
      this.drop(sessionId);
      return undefined;
    }
    return hit;
  }

  put(ticket: Ticket, session: SessionRow, user: UserRow, security: SessionSecurity = { twoFactorEnabled: false, adminTwoFactorRequired: false }) {
    if (!this.enabled || ticket < this.floor) return;
    const changedAfterRead = (key: string) => (this.invalidated.get(key) ?? -1) > ticket;
    if (changedAfterRead(`s:${session.id}`) || changedAfterRead(`u:${user.id}`)) return;
    if (this.entries.size >= this.maxEntries) this.drop(this.entries.keys().next().value!);
    this.drop(session.id);
    this.entries.set(session.id, { session, user, security, cachedAt: this.clock() });
    let ids = this.byUser.get(user.id);
    if (!ids) this.byUser.set(user.id, (ids = new Set()));
    ids.add(session.id);
  }

  /** The session was touched (lastSeenAt written): keep the cached copy in step. */
  touched(sessionId: string, lastSeenAt: Date) {
    const hit = this.entries.get(sessionId);
    if (hit) hit.session = { ...hit.session, lastSeenAt };
  }

  forgetSession(sessionId: string) {
    this.mark(`s:${sessionId}`);
    this.drop(sessionId);
  }

  forgetUser(userId: string) {
    this.mark(`u:${userId}`);
    for (const id of this.byUser.get(userId) ?? []) this.entries.delete(id);
    this.byUser.delete(userId);
  }

  /** Applies a message from the notification channel: 's:<session id>', 'u:<user id>', or anything else to forget everything (a setting changed). */
  apply(payload: string) {
    if (payload.startsWith('s:')) this.forgetSession(payload.slice(2));
    else if (payload.startsWith('u:')) this.forgetUser(payload.slice(2));
    else this.reset();
  }

  /** Forget everything and keep nothing read before now (used when messages may have been missed). */
  reset() {
    this.entries.clear();
    this.byUser.clear();
    this.invalidated.clear();
    this.floor = ++this.generation;
  }

  /** The channel is down: serve nothing from memory until `resume`. */
  suspend() {
    this.live = false;
    this.reset();
  }

  resume() {
    this.reset();
    this.live = true;
  }

  get size() {
    return this.entries.size;
  }

  private mark(key: string) {
    this.invalidated.set(key, ++this.generation);
    // an invalidation only matters to reads in flight; past a bound, forget them all and raise the floor instead
    if (this.invalidated.size > this.maxEntries) {
      this.invalidated.clear();
      this.floor = ++this.generation;
    }
  }

  private drop(sessionId: string) {
    const hit = this.entries.get(sessionId);
    if (!hit) return;
    this.entries.delete(sessionId);
    const ids = this.byUser.get(hit.user.id);
    ids?.delete(sessionId);
    if (ids && ids.size === 0) this.byUser.delete(hit.user.id);
  }
}
