import { count, desc } from 'drizzle-orm';
import type { OutboxItem } from '../../common/schemas/admin.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { iso } from '../presenters/wire.ts';

/** One page of the e-mails the product handled, newest first (the outbox when no SMTP server is configured). */
export async function listOutbox(db: Db, q: PageQuery) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ total: count() }).from(outbox),
  ]);
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
  return { items, total };
}
