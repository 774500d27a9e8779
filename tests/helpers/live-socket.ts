import WebSocket from 'ws';
import { liveServerEventSchema, type LiveServerEvent } from '../../common/schemas/live.ts';

/** A live socket as a browser tab holds it: every event it received, and waits for the next ones. */
export interface TestSocket {
  ws: WebSocket;
  events: LiveServerEvent[];
  /** Resolves with the first matching event, received (still in `events`) or to come; fails after `timeoutMs`. */
  next<T extends LiveServerEvent['type']>(
    type: T,
    match?: (e: Extract<LiveServerEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<LiveServerEvent, { type: T }>>;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  send(message: unknown): void;
  close(): Promise<void>;
}

export type HandshakeResult = { ok: true; socket: TestSocket } | { ok: false; status: number };

/** Opens `GET /api/ws` on a listening app with the given cookie and Origin (the app's own by default). */
export function openSocket(
  baseUrl: string,
  cookie: string | undefined,
  origin: string | null = baseUrl,
  options: WebSocket.ClientOptions = {},
): Promise<HandshakeResult> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin !== null) headers.origin = origin;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws`, { ...options, headers });
  const events: LiveServerEvent[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    events.push(liveServerEventSchema.parse(JSON.parse(data.toString())));
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: TestSocket = {
    ws,
    events,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next(type, match = () => true, timeoutMs = 5_000) {
      const find = () => events.find((e) => e.type === type && match(e as never)) as never;
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${type}" event within ${timeoutMs} ms; received: ${events.map((e) => e.type).join(', ') || 'nothing'}`));
        }, timeoutMs);
        const check = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        waiters.add(check);
      });
    },
    async close() {
      if (ws.readyState === ws.CLOSED) return;
      ws.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ok: true, socket }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ ok: false, status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', (err) => reject(err));
  });
}

/** Opens a socket that must be accepted, and waits for its `ready` event (`options`: e.g. the CA of a test certificate). */
export async function connect(baseUrl: string, cookie: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
  const result = await openSocket(baseUrl, cookie, baseUrl, options);
  if (!result.ok) throw new Error(`live socket refused with ${result.status}`);
  await result.socket.next('ready');
  return result.socket;
}
