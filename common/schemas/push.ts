import { z } from 'zod';

/** GET /api/push/key: the public key a browser subscribes with (VAPID, base64url). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

const base64url = (name: string, chars: number) =>
  z
    .string({ error: `${name} is required` })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}={0,2}$`), `${name} must be a base64url key of ${chars} characters`)
    .transform((v) => v.replace(/=+$/, ''));

/** Host names that are this machine: `localhost` (and its subdomains), 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/** An IP address written as the host (a push service is always named): refused in production. */
function isIpLiteral(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
}

/**
 * POST /api/push/subscriptions: what the browser's `PushSubscription.toJSON()` gives (its `expirationTime` is
 * accepted and not kept). The endpoint is the browser's push service: https, at a named host; outside production
 * also http on this machine (`allowLoopbackHttp`), so a local push service can stand in for the real ones.
 */
export function pushSubscriptionInputSchema({ allowLoopbackHttp }: { allowLoopbackHttp: boolean }) {
  return z
    .object({
      endpoint: z
        .url({ error: 'endpoint must be a URL' })
        .max(2048, 'endpoint must be at most 2,048 characters')
        .refine((value) => {
          // checks run on together: a text that is no URL at all has been refused above already
          if (!URL.canParse(value)) return true;
          const url = new URL(value);
          if (url.username || url.password) return false;
          if (url.protocol === 'https:') return allowLoopbackHttp || !(isLoopbackHost(url.hostname) || isIpLiteral(url.hostname));
          return allowLoopbackHttp && url.protocol === 'http:' && isLoopbackHost(url.hostname);
        }, 'endpoint must be an https address of a push service'),
      expirationTime: z.number().nullable().optional(),
      keys: z
        .object({
          // an uncompressed P-256 point (65 bytes) and a 16-byte secret, as browsers send them
          p256dh: base64url('keys.p256dh', 87),
          auth: base64url('keys.auth', 22),
        })
        .strict(),
    })
    .strict();
}
export type PushSubscriptionInput = z.infer<ReturnType<typeof pushSubscriptionInputSchema>>;

/** DELETE /api/push/subscriptions: the endpoint of this browser's subscription. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1, 'endpoint is required').max(2048) }).strict();
export type PushUnsubscribe = z.infer<typeof pushUnsubscribeSchema>;

/** POST /api/push/subscriptions answers that this browser is subscribed. */
export const pushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;
