import { z } from 'zod';
import { instantSchema } from './money.ts';

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

/**
 * The push services browsers use: Chrome, Edge's Chromium and most others (Google), Firefox (Mozilla), Safari (Apple)
 * and Windows. The server posts to whatever endpoint is stored, so nothing else is taken: a member must not be able
 * to make it post to a machine of their choosing.
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'] as const;
/** Push service domains whose every subdomain is the service's (Apple's and Windows' endpoints vary by region). */
export const PUSH_SERVICE_DOMAINS = ['push.apple.com', 'notify.windows.com'] as const;

/** Whether the host name (lower case, as URL gives it) is one of the known push services. */
export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (PUSH_SERVICE_HOSTS as readonly string[]).includes(host) || PUSH_SERVICE_DOMAINS.some((d) => host.endsWith(`.${d}`));
}

/** Messages the subscription's endpoint is refused with. */
export const PUSH_ENDPOINT_MESSAGE = 'endpoint must be an https address of a known push service';

/**
 * POST /api/push/subscriptions: what the browser's `PushSubscription.toJSON()` gives (its `expirationTime` is
 * accepted and not kept). The endpoint is a known push service, over https on its default port, with no user name or
 * password. `allowLoopbackHttp` is for the automated tests only (the server never turns it on in production): then a
 * push service on this machine (http or https, any port) stands in for the real ones.
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
          if (allowLoopbackHttp && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)) return true;
          // URL drops the default port (443): any other port is refused
          return url.protocol === 'https:' && url.port === '' && isPushServiceHost(url.hostname);
        }, PUSH_ENDPOINT_MESSAGE),
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

/** At most this many devices take a member's pushes; subscribing one more forgets the oldest. */
export const PUSH_DEVICES_MAX = 10;
/** New subscriptions a member may store per hour (storing this browser's again does not count). */
export const PUSH_SUBSCRIBE_LIMIT = { max: 20, windowMs: 60 * 60_000 } as const;
export const PUSH_SUBSCRIBE_LIMITED = 'Too many push subscriptions in the last hour. Please try again later.';
export const PUSH_DEVICE_NOT_FOUND = 'Device not found.';

/**
 * GET /api/push/subscriptions: the devices that take the member's pushes, newest first, named from their browser
 * and system as the sessions list names them; `current` is this session's. Never the endpoint or its keys.
 */
export const pushDeviceSchema = z.object({
  id: z.uuid(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet']),
  createdAt: instantSchema,
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
export const pushDeviceListSchema = z.object({ items: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;

/** DELETE /api/push/subscriptions/:id */
export const pushDeviceParams = z.object({ id: z.uuid(PUSH_DEVICE_NOT_FOUND) }).strict();
