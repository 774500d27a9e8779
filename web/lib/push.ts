import type { PushKey, PushSubscriptionInput, PushSubscriptionState } from '../../common/schemas/push.ts';
import { useEffect } from 'react';
import { api } from './api.ts';

/**
 * This browser's Web Push (docs/decisions/0024-pwa-and-push.md): whether it can take pushes at all, whether the
 * member blocked them, and subscribing or unsubscribing it with the server.
 */
export type PushSupport = 'unsupported' | 'denied' | 'available';

/** What the browser offers: the Push API needs the service worker (registered by production builds only) and notifications. */
export function pushSupport(): PushSupport {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** This browser's subscription, if it has one: none before the worker is registered (never waits for it). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration('/') : undefined;
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** The server's public key, as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** Stores this browser's subscription for the signed-in member (again: it moves to them if someone else had it). */
export const registerSubscription = (sub: PushSubscription) => api.post<PushSubscriptionState>('/api/push/subscriptions', sub.toJSON() as PushSubscriptionInput);

/**
 * Turns pushes on for this browser: asks the member's permission, subscribes with the server's key and stores the
 * subscription. Answers 'denied' when the member refused.
 */
export async function subscribePush(): Promise<'subscribed' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const [{ publicKey }, reg] = await Promise.all([api.get<PushKey>('/api/push/key'), navigator.serviceWorker.ready]);
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let sub: PushSubscription;
  try {
    sub = await reg.pushManager.subscribe(options);
  } catch (err) {
    // subscribed before with another key (the server's keys were replaced): start again with this one
    const old = await reg.pushManager.getSubscription();
    if (!old) throw err;
    await old.unsubscribe();
    sub = await reg.pushManager.subscribe(options);
  }
  // the server takes the known push services only (the same rule): a browser using another cannot take pushes here.
  // The schema is loaded only now: this module is part of sign-out, which every first page load carries.
  const { pushSubscriptionInputSchema } = await import('../../common/schemas/push.ts');
  if (!pushSubscriptionInputSchema({ allowLoopbackHttp: false }).safeParse(sub.toJSON()).success) {
    await sub.unsubscribe().catch(() => undefined);
    throw new Error('This browser’s push service is not supported. Please use Chrome, Edge, Firefox or Safari.');
  }
  await registerSubscription(sub);
  return 'subscribed';
}

/**
 * Stores this browser's subscription again for the session just started, when the member allowed notifications:
 * the server forgets a subscription when its session ends (signed out elsewhere, expired), and this browser would
 * otherwise take no pushes until Preferences was opened. Storing the member's own subscription again is never limited.
 */
export async function renewPushSubscription(): Promise<void> {
  if (pushSupport() !== 'available' || Notification.permission !== 'granted') return;
  const sub = await currentSubscription();
  if (sub) await registerSubscription(sub);
}

/** Turns pushes off for this browser: the server forgets it and the browser drops the subscription. */
export async function unsubscribePush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await api.delete<PushSubscriptionState>('/api/push/subscriptions', { endpoint: sub.endpoint });
  await sub.unsubscribe();
}

/** The signed-in shell renews this browser's subscription once when it opens (failures only mean no pushes). */
export function useRenewPushSubscription(enabled: boolean) {
  useEffect(() => {
    if (enabled) void renewPushSubscription().catch(() => undefined);
  }, [enabled]);
}
