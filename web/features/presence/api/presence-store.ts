import type { Presence } from '../../../../common/schemas/live.ts';
import { PRESENCE_WATCH_MAX } from '../../../../common/schemas/live.ts';
import { api } from '../../../lib/api.ts';
import { liveStatus } from '../../../lib/live-socket.ts';
import { withQuery } from '../../../lib/query-keys.ts';

type Listener = () => void;

/** The server answers up to this many members per request. */
const BATCH = 100;

/**
 * Members' presence as this tab knows it. The members shown on screen are the watch list the live socket sends the
 * server, which answers their presence at once and every change after; while the socket is down, they are asked
 * for over HTTP instead (everyone rendered in one tick in one request).
 */
class PresenceStore {
  private readonly known = new Map<string, Presence>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly wanted = new Set<string>();
  private scheduled = false;
  private watchScheduled = false;
  private readonly watchListeners = new Set<(ids: string[]) => void>();

  /** The members shown now, most recently shown last, at most PRESENCE_WATCH_MAX. */
  watched(): string[] {
    return [...this.listeners.keys()].slice(-PRESENCE_WATCH_MAX);
  }

  /** Told the watch list whenever the members shown change (once per tick). */
  onWatchChange(listener: (ids: string[]) => void): () => void {
    this.watchListeners.add(listener);
    return () => void this.watchListeners.delete(listener);
  }

  private watchChanged() {
    if (this.watchScheduled) return;
    this.watchScheduled = true;
    queueMicrotask(() => {
      this.watchScheduled = false;
      const ids = this.watched();
      for (const l of this.watchListeners) l(ids);
    });
  }

  get(userId: string): Presence | undefined {
    return this.known.get(userId);
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      this.listeners.set(userId, (set = new Set()));
      this.watchChanged();
    }
    set.add(listener);
    if (!this.known.has(userId) && !liveStatus.isOpen()) this.want([userId]);
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.listeners.delete(userId);
      this.watchChanged();
    };
  }

  /** Forgets what it knew (the member signed out): the next member's screens ask afresh. */
  forget() {
    this.known.clear();
  }

  apply(p: Presence) {
    this.known.set(p.userId, p);
    for (const l of this.listeners.get(p.userId) ?? []) l();
  }

  /** Asks again over HTTP for everyone this tab shows (when the live socket is down, so changes were missed). */
  refresh() {
    this.want([...this.listeners.keys()]);
  }

  private want(ids: string[]) {
    for (const id of ids) this.wanted.add(id);
    if (this.scheduled) return;
    this.scheduled = true;
    // every avatar rendered in this tick joins one request
    queueMicrotask(() => {
      this.scheduled = false;
      const ids = [...this.wanted];
      this.wanted.clear();
      for (let i = 0; i < ids.length; i += BATCH) void this.load(ids.slice(i, i + BATCH));
    });
  }

  private async load(ids: string[]) {
    try {
      const { items } = await api.get<{ items: Presence[] }>(withQuery('/api/presence', { ids: ids.join(',') }));
      for (const p of items) this.apply(p);
    } catch {
      // presence is a nicety: without it the dot is simply not shown
    }
  }
}

export const presenceStore = new PresenceStore();
