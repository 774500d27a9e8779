import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LIVE_CHANNEL } from '../../server/live/bus.ts';
import type { TestContext } from './app.ts';

/**
 * Resolves once the live bus has handed its subscribers every announcement committed before the call, and the
 * notification e-mail sender has finished whatever those started. The channel delivers in commit order, so a marker
 * announced now arrives after all of them; the marker is a read receipt for a member who does not exist, which
 * every subscriber ignores.
 */
export async function busDrained(ctx: Pick<TestContext, 'app' | 'db'>, timeoutMs = 5_000): Promise<void> {
  const marker = randomUUID();
  let stop = () => {};
  const heard = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the live bus did not deliver a marker within ${timeoutMs} ms`)), timeoutMs);
    const unsubscribe = ctx.app.ctx.bus.subscribe((event) => {
      if (event.k === 'notification.read' && event.u === marker) resolve();
    });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
  });
  try {
    await ctx.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ k: 'notification.read', u: marker })})`);
    await heard;
  } finally {
    stop();
  }
  await ctx.app.ctx.notificationMail.idle();
}
