/**
 * The installable app: its colours (the brand's navy and the app's background, as in web/styles.css), the icons the
 * build renders from the brand mark, and the addresses of the manifest and the service worker
 * (docs/decisions/0024-pwa-and-push.md).
 */
export const PWA_THEME_COLOR = '#1f2f5c';
export const PWA_BACKGROUND_COLOR = '#f6f7f9';

/** Served by the server from the deployment's brand name; never cached by the worker. */
export const MANIFEST_PATH = '/manifest.webmanifest';
/** The service worker, at the root so that it controls every page of the site. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** `maskable` icons fill their square (the platform cuts its own shape); the others are the rounded tile. */
export const PWA_ICONS = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
  { src: '/icons/apple-touch-icon.png', size: 180, purpose: 'apple' },
] as const;

/** The icon a pushed notification shows. */
export const PUSH_ICON = '/icons/icon-192.png';
