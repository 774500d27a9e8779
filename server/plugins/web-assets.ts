import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MANIFEST_PATH, PWA_BACKGROUND_COLOR, PWA_ICONS, PWA_THEME_COLOR, SERVICE_WORKER_PATH } from '../../common/constants/pwa.ts';

/** Sends the web client's page (index.html) for a client-side route such as /dashboard. */
export type SendWebApp = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built web client from webDir, if there is one (API-only tests have none): every file as its own
 * route, and each text file as the `.br` or `.gz` written next to it at build time when the request's
 * Accept-Encoding allows (brotli first, then gzip, else the file as it is), with `Vary: Accept-Encoding`
 * (docs/decisions/0015-precompressed-assets.md). Hashed files under /assets are cached for a year; the page
 * itself is revalidated on every visit so a new release is picked up at once, and so is the service worker (/sw.js,
 * whose scope is the whole site) and the web app manifest, made from the deployment's brand name
 * (docs/decisions/0024-pwa-and-push.md).
 * Answers how to send the page for a client-side route, or null when there is no build to serve.
 */
export async function registerWebAssets(app: FastifyInstance, webDir: string | undefined, site: { brandName: string }): Promise<SendWebApp | null> {
  if (!webDir || !existsSync(join(webDir, 'index.html'))) return null;
  const hashedAssets = join(webDir, 'assets') + sep;
  const serviceWorker = join(webDir, SERVICE_WORKER_PATH.slice(1));
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // the compressed copies are chosen by Accept-Encoding, never asked for by name
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, path) {
      if (path.startsWith(hashedAssets)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (path.replace(/\.(br|gz)$/, '') === serviceWorker) {
        // the browser checks for a new worker on every visit; a cached copy would hold a release back
        res.header('Cache-Control', 'no-cache');
        res.header('Service-Worker-Allowed', '/');
      }
    },
  });
  const manifest = JSON.stringify(webAppManifest(site.brandName));
  app.get(MANIFEST_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('Content-Type', 'application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache').send(manifest),
  );
  return (reply) => {
    reply.header('Cache-Control', 'no-cache');
    // cacheControl: false, or @fastify/static replaces no-cache with its default 'public, max-age=0'
    return reply.sendFile('index.html', { cacheControl: false });
  };
}

/** The web app manifest: how the app looks when installed (name, colours, icons) and where it starts. */
export function webAppManifest(brandName: string) {
  return {
    id: '/',
    name: brandName,
    short_name: brandName,
    description: 'Members-only executive partnership and referral platform.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: PWA_THEME_COLOR,
    background_color: PWA_BACKGROUND_COLOR,
    icons: PWA_ICONS.filter((i) => i.purpose !== 'apple').map((i) => ({ src: i.src, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
  };
}
