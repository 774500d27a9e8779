import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isPushServiceHost, pushSubscriptionInputSchema } from './push.ts';

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

  it('in production: https on the default port at a known push service only', () => {
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://fcm.googleapis.com/fcm/send/x',
      'https://FCM.googleapis.com:443/fcm/send/x',
      'https://web.push.apple.com/QG9x',
      'https://api.push.apple.com/x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(ok(production, endpoint), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://push.example/x',
      'https://push.example/x',
      'https://vault.internal/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://notify.windows.com.evil.example/x',
      'https://localhost/x',
      'https://localhost./x',
      'https://127.0.0.1/x',
      'https://192.168.1.10/x',
      'https://[::1]/x',
      'https://a:b@fcm.googleapis.com/x',
      'fcm.googleapis.com/x',
    ]) {
      expect(ok(production, endpoint), endpoint).toBe(false);
    }
  });

  it('knows the push services: the listed hosts and the subdomains of the listed domains', () => {
    expect(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com', 'db5p.notify.windows.com'].every(isPushServiceHost)).toBe(true);
    expect(['googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'xpush.apple.com', 'notify.windows.com.example'].some(isPushServiceHost)).toBe(false);
  });

  it('in the tests also a push service on this machine, never http or an unknown host elsewhere', () => {
    expect(ok(local, 'http://localhost:8090/notify/x')).toBe(true);
    expect(ok(local, 'http://127.0.0.1:8090/notify/x')).toBe(true);
    expect(ok(local, 'https://localhost:8443/notify/x')).toBe(true);
    expect(ok(local, 'http://push.example/x')).toBe(false);
    expect(ok(local, 'https://push.example/x')).toBe(false);
    expect(ok(local, 'https://fcm.googleapis.com/fcm/send/x')).toBe(true);
  });

  it('refuses unknown fields and keys of the wrong length', () => {
    expect(production.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys, userId: 'x' }).success).toBe(false);
    expect(production.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, auth: 'short' } }).success).toBe(false);
  });

  it('knows this machine’s host names', () => {
    expect(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['push.example', '10.0.0.1', 'localhost.example'].some(isLoopbackHost)).toBe(false);
  });
});
