import { describe, expect, it } from 'vitest';
import { isLoopbackHost, pushSubscriptionInputSchema } from './push.ts';

const keys = { p256dh: `B${'a'.repeat(86)}`, auth: 'c'.repeat(22) };
const production = pushSubscriptionInputSchema({ allowLoopbackHttp: false });
const local = pushSubscriptionInputSchema({ allowLoopbackHttp: true });
const ok = (schema: typeof production, endpoint: string) => schema.safeParse({ endpoint, keys }).success;

describe('push subscription input', () => {
  it('takes the browser’s PushSubscription JSON, padded keys included, and keeps no expiration', () => {
    const parsed = production.parse({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      expirationTime: null,
      keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` },
    });
    expect(parsed.keys).toEqual(keys);
  });

  it('in production: https at a named host only', () => {
    expect(ok(production, 'https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    for (const endpoint of [
      'http://push.example/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://192.168.1.10/x',
      'https://[::1]/x',
      'https://a:b@push.example/x',
      'push.example/x',
    ]) {
      expect(ok(production, endpoint), endpoint).toBe(false);
    }
  });

  it('outside production also http on this machine, never http elsewhere', () => {
    expect(ok(local, 'http://localhost:8090/notify/x')).toBe(true);
    expect(ok(local, 'http://127.0.0.1:8090/notify/x')).toBe(true);
    expect(ok(local, 'http://push.example/x')).toBe(false);
  });

  it('refuses unknown fields and keys of the wrong length', () => {
    expect(production.safeParse({ endpoint: 'https://push.example/x', keys, userId: 'x' }).success).toBe(false);
    expect(production.safeParse({ endpoint: 'https://push.example/x', keys: { ...keys, auth: 'short' } }).success).toBe(false);
  });

  it('knows this machine’s host names', () => {
    expect(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['push.example', '10.0.0.1', 'localhost.example'].some(isLoopbackHost)).toBe(false);
  });
});
