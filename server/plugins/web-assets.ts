import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Sends the web client's page (index.html) for a client-side route such as /dashboard. */
export type SendWebApp = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built web client from webDir, if there is one (API-only tests have none): every file as its own
 * route, and each text file as the `.br` or `.gz` written next to it at build time when the request's
 * Accept-Encoding allows (brotli first, then gzip, else the file as it is), with `Vary: Accept-Encoding`
 * (docs/decisions/0015-precompressed-assets.md). Hashed files under /assets are cached for a year; the page
 * itself is revalidated on every visit so a new release is picked up at once.
 * Answers how to send the page for a client-side route, or null when there is no build to serve.
 */
export async function registerWebAssets(app: FastifyInstance, webDir: string | undefined): Promise<SendWebApp | null> {
  if (!webDir || !existsSync(join(webDir, 'index.html'))) return null;
  const hashedAssets = join(webDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // the compressed copies are chosen by Accept-Encoding, never asked for by name
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, path) {
      if (path.startsWith(hashedAssets)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  return (reply) => {
    reply.header('Cache-Control', 'no-cache');
    // cacheControl: false, or @fastify/static replaces no-cache with its default 'public, max-age=0'
    return reply.sendFile('index.html', { cacheControl: false });
  };
}
