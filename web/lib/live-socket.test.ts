import { describe, expect, it } from 'vitest';
import { CLOSE_TOO_MANY_SOCKETS } from '../../common/schemas/live.ts';
import { CLOSE_SIGNED_OUT, IDLE_AFTER_MS, LiveConnection, reconnectDelay, watchActivity, type LiveEnvironment, type LiveState } from './live-socket.ts';

/** A socket the test drives: what the client sent, and the server's side (open, message, close). */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverReady() {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify({ type: 'ready', userId: '00000000-0000-4000-8000-000000000001' }) });
  }
  serverSends(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function harness(random = () => 1) {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number; id: number }[] = [];
  const events: unknown[] = [];
  const states: [LiveState, boolean][] = [];
  const clock = { t: 0 };
  const env: LiveEnvironment = {
    now: () => clock.t,
    url: 'ws://app.test/api/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    setTimeout: (run, ms) => {
      const id = timers.length + 1;
      timers.push({ run, ms, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    random,
  };
  const connection = new LiveConnection(env, { event: (e) => events.push(e), state: (s, signedOut) => states.push([s, signedOut]) });
  const fire = () => timers.shift()!.run();
  const advance = (ms: number) => void (clock.t += ms);
  return { connection, sockets, timers, events, states, fire, advance };
}

describe('reconnectDelay', () => {
  it('doubles from one second to thirty, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelay(3, () => 0)).toBe(4000);
  });
});

describe('LiveConnection', () => {
  it('is open after the server says ready, and hands events on', () => {
    const h = harness();
    h.connection.start();
    expect(h.states).toEqual([['connecting', false]]);
    h.sockets[0].serverReady();
    expect(h.connection.state).toBe('open');
    h.sockets[0].serverSends({ type: 'notification.read', unreadCount: 3 });
    expect(h.events).toEqual([expect.objectContaining({ type: 'ready' }), { type: 'notification.read', unreadCount: 3 }]);
  });

  it('ignores a frame it does not understand', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverReady();
    h.sockets[0].serverSends({ type: 'from-the-future', x: 1 });
    expect(h.events).toHaveLength(1);
  });

  it('reconnects with growing waits while the server is unreachable, and starts over once a connection lasted', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverCloses(1006);
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    h.fire();
    h.sockets[1].serverCloses(1006);
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    h.fire();
    h.sockets[2].serverReady();
    h.advance(10_000);
    h.sockets[2].serverCloses(1001);
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    expect(h.sockets).toHaveLength(3);
  });

  it('keeps backing off when the server accepts and then drops the socket at once', () => {
    const h = harness();
    h.connection.start();
    for (const expected of [1000, 2000, 4000]) {
      h.sockets.at(-1)!.serverReady();
      h.advance(500);
      h.sockets.at(-1)!.serverCloses(1008);
      expect(h.timers.map((t) => t.ms)).toEqual([expected]);
      h.fire();
    }
  });

  it('closes a socket that has been silent for over 70 seconds, so it reconnects', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverReady();
    h.advance(60_000);
    h.connection.checkAlive();
    expect(h.sockets[0].closedWith).toBeNull();
    h.sockets[0].serverSends({ type: 'ping' });
    h.advance(60_000);
    h.connection.checkAlive();
    expect(h.sockets[0].closedWith).toBeNull();
    h.advance(11_000);
    h.connection.checkAlive();
    expect(h.sockets[0].closedWith).toBe(4000);
  });

  it('stops for good when the server says the session is over', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverReady();
    h.sockets[0].serverCloses(CLOSE_SIGNED_OUT);
    expect(h.timers).toEqual([]);
    expect(h.states.at(-1)).toEqual(['closed', true]);
    h.connection.reconnectNow();
    expect(h.sockets).toHaveLength(1);
  });

  it('waits to be used again when the server closed it for too many open tabs: no timer, then reconnects when asked', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverReady();
    h.sockets[0].serverCloses(CLOSE_TOO_MANY_SOCKETS);
    expect(h.timers).toEqual([]);
    expect(h.states.at(-1)).toEqual(['closed', false]);
    // the tab comes to the front again
    h.connection.reconnectNow();
    expect(h.sockets).toHaveLength(2);
  });

  it('reconnects at once when asked (the network came back) instead of waiting', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverCloses(1006);
    h.connection.reconnectNow();
    expect(h.timers).toEqual([]);
    expect(h.sockets).toHaveLength(2);
  });

  it('reports the tab going away and coming back, and says away again after reconnecting', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverReady();
    h.connection.setPresence('away');
    h.connection.setPresence('away');
    h.connection.setPresence('online');
    expect(h.sockets[0].sent.map((t) => JSON.parse(t))).toEqual([
      { type: 'presence', status: 'away' },
      { type: 'presence', status: 'online' },
    ]);
    h.connection.setPresence('away');
    h.sockets[0].serverCloses(1006);
    h.fire();
    h.sockets[1].serverReady();
    expect(h.sockets[1].sent.map((t) => JSON.parse(t))).toEqual([{ type: 'presence', status: 'away' }]);
  });

  it('sends whose presence the tab shows when it changes, and again on every connection', () => {
    const h = harness();
    const ids = ['00000000-0000-4000-8000-00000000000a'];
    h.connection.setWatch(ids);
    h.connection.start();
    h.sockets[0].serverReady();
    expect(h.sockets[0].sent.map((t) => JSON.parse(t))).toEqual([{ type: 'watch', userIds: ids }]);
    h.connection.setWatch([]);
    expect(JSON.parse(h.sockets[0].sent.at(-1)!)).toEqual({ type: 'watch', userIds: [] });
    h.connection.setWatch(ids);
    h.sockets[0].serverCloses(1006);
    h.fire();
    h.sockets[1].serverReady();
    expect(h.sockets[1].sent.map((t) => JSON.parse(t))).toEqual([{ type: 'watch', userIds: ids }]);
  });

  it('closes its socket and never reconnects once stopped', () => {
    const h = harness();
    h.connection.start();
    h.sockets[0].serverReady();
    h.connection.stop();
    expect(h.sockets[0].closedWith).toBe(1000);
    h.sockets[0].serverSends({ type: 'notification.read', unreadCount: 0 });
    h.sockets[0].serverCloses(1000);
    expect(h.timers).toEqual([]);
    expect(h.events).toHaveLength(1);
  });
});

describe('watchActivity', () => {
  /** A document and window the test drives: visibility, activity, and the idle timer. */
  function page() {
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const pending: { run: () => void; ms: number; id: number }[] = [];
    let next = 1;
    const win = Object.assign(new EventTarget(), {
      setTimeout: (run: () => void, ms: number) => {
        pending.push({ run, ms, id: next });
        return next++;
      },
      clearTimeout: (id: number) => {
        const i = pending.findIndex((t) => t.id === id);
        if (i >= 0) pending.splice(i, 1);
      },
    });
    return { doc, win, pending };
  }

  it('is online at first, away when idle for five minutes or hidden, online again on activity', () => {
    const { doc, win, pending } = page();
    const seen: string[] = [];
    const stop = watchActivity((s) => seen.push(s), doc as unknown as Document, win as unknown as Window);
    expect(seen).toEqual(['online']);
    expect(pending.map((t) => t.ms)).toEqual([IDLE_AFTER_MS]);
    pending.shift()!.run();
    expect(seen).toEqual(['online', 'away']);
    win.dispatchEvent(new Event('keydown'));
    expect(seen).toEqual(['online', 'away', 'online']);
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(seen.at(-1)).toBe('away');
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(seen.at(-1)).toBe('online');
    stop();
    win.dispatchEvent(new Event('keydown'));
    expect(seen).toHaveLength(5);
  });
});
