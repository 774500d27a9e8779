import type { Presence } from '../../../../common/schemas/live.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';

type Listener = () => void;

/** The server answers up to this many members per request. */
const BATCH = 100;

/**
 * Members' presence as this tab knows it: asked for once per member (the ids of everyone on screen, gathered into
 * one request), then kept current by the live socket's presence events; refreshed as a whole after a reconnection,
 * when events may have been missed.
 */
class PresenceStore {
  private readonly known = new Map<string, Presence>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly wanted = new Set<string>();
  private scheduled = false;

  get(userId: string): Presence | undefined {
    return this.known.get(userId);
  }

  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    if (!this.known.has(userId)) this.want([userId]);
    return () => void set.delete(listener);
  }

  apply(p: Presence) {
    this.known.set(p.userId, p);
    for (const l of this.listeners.get(p.userId) ?? []) l();
  }

  /** Asks again for everyone this tab shows (after a reconnection). */
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
