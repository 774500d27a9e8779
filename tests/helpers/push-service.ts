import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './processes.ts';

/** A browser's subscription as the push service hands it out, with the id its messages are read by. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface LocalPushService {
  url: string;
  /** Subscribes a new "browser" with the server's public key, as PushManager.subscribe would. */
  subscribe(applicationServerKey: string): Promise<TestSubscription>;
  /** The messages this subscription received, decrypted (as the browser would read them). */
  messages(sub: TestSubscription): Promise<string[]>;
  /** The browser unsubscribed: pushes to it are answered 410 Gone from now on. */
  expire(sub: TestSubscription): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real Web Push service on this machine (the `web-push-testing` package, in a child process on a free port): it
 * checks the VAPID signature and headers of every push and decrypts the payload as a browser would.
 */
export async function startPushService(): Promise<LocalPushService> {
  const port = await freePort();
  const pkg = createRequire(import.meta.url).resolve('web-push-testing/package.json');
  const child: ChildProcess = spawn(process.execPath, [join(dirname(pkg), 'src', 'bin', 'server.js'), String(port)], { stdio: 'ignore' });
  const url = `http://localhost:${port}`;
  const post = async (path: string, body: unknown = {}) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`push service ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the push service exited with code ${child.exitCode}`);
    try {
      await post('/status');
      break;
    } catch (err) {
      if (Date.now() > deadline) throw new Error('the push service did not start within 15 s', { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async subscribe(applicationServerKey) {
      const res = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return ((await res.json()) as { data: TestSubscription }).data;
    },
    async messages(sub) {
      const res = await post('/get-notifications', { clientHash: sub.clientHash });
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(sub) {
      await post(`/expire-subscription/${sub.clientHash}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
