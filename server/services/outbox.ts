import { count, getTableColumns, lt, sql } from 'drizzle-orm';
import type { OutboxItem } from '../../common/schemas/admin.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetOrderBy, readKeysetPage, type KeyOrder } from '../lib/keyset.ts';
import { iso } from '../presenters/wire.ts';

/** The outbox runs newest first; `outbox_created_id_idx` holds this order. */
const OUTBOX_ORDER: KeyOrder = [
  { expr: outbox.createdAt, desc: true },
  { expr: outbox.id, desc: true },
];

/** One page of the e-mails the product handled, newest first (the outbox when no SMTP server is configured), with the cursors either side. */
export async function listOutbox(db: Db, q: PageQuery) {
  const seek = async (offset: number) =>
    keyAt(
      await db
        .select({ k: keysetArray(OUTBOX_ORDER) })
        .from(outbox)
        .orderBy(...keysetOrderBy(OUTBOX_ORDER, 'first'))
        .limit(1)
        .offset(offset),
    );
  const [page, [{ total }]] = await Promise.all([
    readKeysetPage(
      OUTBOX_ORDER,
      q,
      (plan) =>
        db
          .select({ ...getTableColumns(outbox), ...keysetColumns(OUTBOX_ORDER) })
          .from(outbox)
          .where(plan.where)
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    db.select({ total: count() }).from(outbox),
  ]);
  const { rows, nextCursor, prevCursor } = page;
  const items: OutboxItem[] = rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    transport: r.transport,
    status: r.status,
    error: r.error,
    createdAt: iso(r.createdAt),
  }));
  return { items, total, page: page.page, nextCursor, prevCursor };
}

/** How long the outbox keeps a copy of a message: long enough to answer "did it go out?", not a mail archive. */
export const OUTBOX_RETENTION_DAYS = 90;

/** Deletes the copies older than the retention period (run by the server's hourly housekeeping); returns how many. */
export async function purgeOldOutbox(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000);
  const gone = await db.delete(outbox).where(lt(outbox.createdAt, cutoff)).returning({ id: outbox.id });
  return gone.length;
}

/**
 * Deletes every copy sent to a member or naming them (their address anywhere in it, or their full name in its
 * subject or text), when their account is erased: other members' notification e-mails quote the name.
 */
export async function purgeOutboxAbout(db: Db | Tx, person: { email: string; fullName: string }): Promise<number> {
  const email = person.email.toLowerCase();
  const gone = await db
    .delete(outbox)
    .where(
      sql`lower(${outbox.to}) = ${email} or strpos(lower(${outbox.text}), ${email}) > 0 or strpos(lower(${outbox.subject}), ${email}) > 0
        or strpos(${outbox.text}, ${person.fullName}) > 0 or strpos(${outbox.subject}, ${person.fullName}) > 0`,
    )
    .returning({ id: outbox.id });
  return gone.length;
}
