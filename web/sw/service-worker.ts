/**
 * The service worker (served as /sw.js; docs/decisions/0024-pwa-and-push.md). The build prepends the constants
 * declared below: the files of this release to keep on the device, the release's version and the notification icon.
 *
 * - Install: the release's page and hashed files are stored in a cache named after the version.
 * - Activate: the caches of other releases are deleted.
 * - Fetch: a stored file is answered from the cache, so a repeat visit opens at once. A page is asked of the
 *   network first (a new release is picked up at once) and, only when there is no network, answered with the stored
 *   page, which then shows the app's offline screen; with no stored page either, a small offline page made here.
 *   The API (`/api/…`) and anything else not stored pass through untouched: no answer of the API is ever kept.
 * - Push: shows the notification (title only, the brand icon) and opens its page when chosen.
 */

declare const PRECACHE: string[];
declare const VERSION: string;
declare const PUSH_ICON: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const CACHE_PREFIX = 'shell-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const SHELL = '/index.html';
const STORED = new Set(PRECACHE);

worker.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

/** The API's addresses: never answered by the worker, never stored. */
function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>You're offline</title><style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f6f7f9;color:#0f172a;
font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;padding:24px;box-sizing:border-box;text-align:center}main{max-width:24rem}h1{font-size:1.125rem;margin:16px 0 8px}
p{color:#4b5567;font-size:.875rem;line-height:1.5;margin:0}a{display:inline-block;margin-top:24px;background:#1f2f5c;color:#fff;border-radius:.5rem;padding:.5rem 1rem;
text-decoration:none;font-size:.875rem;font-weight:500}</style></head><body><main><h1>You're offline</h1><p>Connect to the internet to see your leads, commissions
and messages. Nothing is kept on this device, so nothing you see is ever out of date.</p><a href="">Try again</a></main></body></html>`;

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const shell = await caches.match(SHELL, { cacheName: CACHE, ignoreVary: true });
    return shell ?? new Response(OFFLINE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || isApi(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (!STORED.has(url.pathname)) return;
  event.respondWith(caches.match(url.pathname, { cacheName: CACHE, ignoreVary: true }).then((stored) => stored ?? fetch(request)));
});

/** What the server pushes: the notification's title and the page it is about, nothing else. */
function readPush(event: PushEvent): { title: string; url: string } | null {
  try {
    const data = event.data?.json() as { title?: unknown; url?: unknown } | undefined;
    if (!data || typeof data.title !== 'string') return null;
    // only a page of this site is ever opened from a notification
    const url = typeof data.url === 'string' && /^\/(?![/\\])/.test(data.url) ? data.url : '/notifications';
    return { title: data.title, url };
  } catch {
    return null;
  }
}

worker.addEventListener('push', (event) => {
  const push = readPush(event);
  if (!push) return;
  event.waitUntil(worker.registration.showNotification(push.title, { icon: PUSH_ICON, badge: PUSH_ICON, data: { url: push.url } }));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/notifications';
  const target = new URL(path, worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === worker.location.origin);
      if (!open) return void (await worker.clients.openWindow(target));
      const focused = await open.focus();
      if (focused.url === target) return;
      // a tab this worker does not control cannot be steered: a new one is opened instead
      await focused.navigate(target).catch(() => worker.clients.openWindow(target));
    }),
  );
});

export {};
