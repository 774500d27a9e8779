import { CLOSE_TOO_MANY_SOCKETS, liveServerEventSchema, type LiveServerEvent } from '../../common/schemas/live.ts';

/** After this long without keyboard, pointer or scroll activity, the member shows as away. */
export const IDLE_AFTER_MS = 5 * 60_000;
/** Reconnection waits double from the first to the last, with some jitter so a restarted server is not stampeded. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** The server's close code for "signed out": reconnecting would only be refused. */
export const CLOSE_SIGNED_OUT = 4401;
/** The back-off starts over only once a connection has lasted this long (a server that drops us at once is not hammered). */
export const STABLE_AFTER_MS = 10_000;
/** The server sends something at least every 30 s; this long without a frame means the socket is dead (a laptop slept). */
export const SILENT_AFTER_MS = 70_000;

/** WebSocket's readyState when open (the constant, so the module needs no global WebSocket to load). */
const OPEN = 1;

export type LiveState = 'connecting' | 'open' | 'closed';

/** The few things of the browser the connection uses, so tests can give their own. */
export interface LiveEnvironment {
  url: string;
  createSocket(url: string): WebSocket;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
  random(): number;
  now(): number;
}

export interface LiveHandlers {
  event(event: LiveServerEvent): void;
  /** The connection went up or down; `signedOut` when the server ended it because the session is over. */
  state(state: LiveState, signedOut: boolean): void;
}

/** The wait before reconnection attempt `n` (0-based): 1 s, 2 s, 4 s … up to 30 s, each between 50 % and 100 % of that. */
export function reconnectDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/**
 * The app's one live connection: opens `GET /api/ws`, hands every event on, reconnects with back-off when the
 * connection drops (not when the server says the session is over), and reports the tab's presence (online, or
 * away when idle or hidden).
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retry: number | null = null;
  private stopped = false;
  private presence: 'online' | 'away' = 'online';
  private watching: string[] = [];
  private readyAt: number | null = null;
  private lastFrameAt = 0;
  state: LiveState = 'closed';

  constructor(
    private readonly env: LiveEnvironment,
    private readonly handlers: LiveHandlers,
  ) {}

  start() {
    this.stopped = false;
    if (!this.socket && this.retry === null) this.open();
  }

  stop() {
    this.stopped = true;
    if (this.retry !== null) this.env.clearTimeout(this.retry);
    this.retry = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      // nothing the server still sends reaches the app once it has left (signed out, navigated away)
      s.onmessage = null;
      s.onclose = null;
      s.close(1000, 'Leaving');
    }
    this.setState('closed', false);
  }

  /** Closes a socket that has been silent too long (dead after a sleep or a network change); it then reconnects. */
  checkAlive() {
    if (this.state === 'open' && this.socket && this.env.now() - this.lastFrameAt > SILENT_AFTER_MS) this.socket.close(4000, 'Silent');
  }

  /** Reconnect now (the network came back, the tab came to the front) instead of waiting out the back-off. */
  reconnectNow() {
    if (this.stopped || this.socket) return;
    if (this.retry !== null) this.env.clearTimeout(this.retry);
    this.retry = null;
    this.open();
  }

  /** The tab's own state; sent when it changes and after every (re)connection. */
  setPresence(status: 'online' | 'away') {
    if (status === this.presence) return;
    this.presence = status;
    this.sendPresence();
  }

  /** The members whose presence this tab shows; sent when it changes and after every (re)connection. */
  setWatch(userIds: string[]) {
    this.watching = userIds;
    this.sendWatch();
  }

  private sendWatch() {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ type: 'watch', userIds: this.watching }));
  }

  private sendPresence() {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ type: 'presence', status: this.presence }));
  }

  private setState(state: LiveState, signedOut: boolean) {
    if (state === this.state && !signedOut) return;
    this.state = state;
    this.handlers.state(state, signedOut);
  }

  private open() {
    this.setState('connecting', false);
    const socket = this.env.createSocket(this.env.url);
    this.socket = socket;
    socket.onmessage = (m) => {
      this.lastFrameAt = this.env.now();
      let event: LiveServerEvent;
      try {
        event = liveServerEventSchema.parse(JSON.parse(String(m.data)));
      } catch {
        return; // a newer server's event this client does not know yet
      }
      if (event.type === 'ready') {
        this.readyAt = this.lastFrameAt;
        this.setState('open', false);
        // the server counts a new socket as online: tell it at once when this tab is idle or hidden
        if (this.presence === 'away') this.sendPresence();
        if (this.watching.length > 0) this.sendWatch();
      }
      this.handlers.event(event);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (this.readyAt !== null && this.env.now() - this.readyAt >= STABLE_AFTER_MS) this.attempt = 0;
      this.readyAt = null;
      if (e.code === CLOSE_SIGNED_OUT) {
        this.stopped = true;
        return this.setState('closed', true);
      }
      this.setState('closed', false);
      // the member opened more tabs than the server keeps: this one waits until it is used again (reconnectNow), so
      // tabs never take turns closing each other
      if (e.code === CLOSE_TOO_MANY_SOCKETS) return;
      this.retry = this.env.setTimeout(
        () => {
          this.retry = null;
          this.open();
        },
        reconnectDelay(this.attempt++, this.env.random),
      );
    };
  }
}

/**
 * Watches the tab: hidden, or no activity for IDLE_AFTER_MS, is away; back in front with activity is online.
 * Answers the function that stops watching.
 */
export function watchActivity(onChange: (status: 'online' | 'away') => void, doc: Document = document, win: Window = window): () => void {
  let idleTimer: number | undefined;
  let last: 'online' | 'away' | null = null;
  const report = (status: 'online' | 'away') => {
    if (status !== last) onChange((last = status));
  };
  const active = () => {
    if (doc.visibilityState === 'hidden') return report('away');
    report('online');
    win.clearTimeout(idleTimer);
    idleTimer = win.setTimeout(() => report('away'), IDLE_AFTER_MS);
  };
  // activity is noticed at most once a second: mouse moves come in hundreds
  let lastActivity = 0;
  const onActivity = () => {
    const t = Date.now();
    if (t - lastActivity < 1_000 && last === 'online') return;
    lastActivity = t;
    active();
  };
  const events = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'focus'] as const;
  for (const e of events) win.addEventListener(e, onActivity, { passive: true });
  doc.addEventListener('visibilitychange', active);
  active();
  return () => {
    win.clearTimeout(idleTimer);
    for (const e of events) win.removeEventListener(e, onActivity);
    doc.removeEventListener('visibilitychange', active);
  };
}

type Listener = () => void;
const stateListeners = new Set<Listener>();
let currentState: LiveState = 'closed';

/** Whether live events are arriving now: while they are, nothing polls. An external store for React and queries. */
export const liveStatus = {
  get: (): LiveState => currentState,
  isOpen: () => currentState === 'open',
  set(state: LiveState) {
    if (state === currentState) return;
    currentState = state;
    for (const l of stateListeners) l();
  },
  subscribe(listener: Listener) {
    stateListeners.add(listener);
    return () => void stateListeners.delete(listener);
  },
};

/** The live socket's address on this site (wss:// when the page is https). */
export function liveUrl(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/api/ws`;
}
