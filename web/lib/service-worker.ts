import { SERVICE_WORKER_PATH } from '../../common/constants/pwa.ts';

/**
 * Registers the service worker of a production build (never under `vite dev`, whose files change on every save):
 * once the page has loaded, so it never competes with the first screen for the network
 * (docs/decisions/0024-pwa-and-push.md).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
