import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, leads, notifications } from '../../server/db/schema/index.ts';
import { commissionCsv } from '../../server/services/commission-export.ts';
import { strFromU8, unzipSync } from 'fflate';
import type { MadeUser } from '../../server/db/factories/members.ts';
import type { FileStorage } from '../../server/plugins/storage.ts';
import { collectMemberData, exportZipStream } from '../../server/services/data-export-zip.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';

/**
 * The payout CSV is written while it is read, in keyset pages: a large export is the same, row for row, as the same
 * data read at once; the memory it holds does not grow with its length; and rows written between two pages neither
 * repeat nor lose another row.
 */

// a full garbage collection on demand, so the heap measured is what is still held, not garbage not yet collected
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Rows in January; February holds three times as many (the export of everything is 4N rows). */
const N = 10_000;
let ctx: TestContext;
let admin: SignedIn;
let base: string;
const partners: MadeUser[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin' });
  // names a spreadsheet would take as formulas or split at a comma: the cells stay quoted and neutralised on every page
  for (const firstName of ['=Ada', 'Grace, Jr', 'Alan']) partners.push(await makeUser(ctx.db, { firstName, lastName: 'Partner' }));
  const ids = sql.raw(`array[${partners.map((p) => `'${p.id}'::uuid`).join(', ')}]`);
  await ctx.db.execute(sql`
    insert into leads (submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description, estimated_value, status)
    select (${ids})[1 + g % 3], 'interim', 'Company "' || g || '"', 'Technology', 'Contact', 'c@lead.example', 'A deal', 1000 + g, 'closed-won'
    from generate_series(1, 100) g`);
  // three commissions share each instant, and neighbouring instants differ by a microsecond, so page boundaries fall
  // inside ties and between instants a millisecond cannot tell apart
  await ctx.db.execute(sql`
    with l as (select array_agg(id order by id) as ids, array_agg(submitter_id order by id) as subs from leads)
    insert into commissions (lead_id, partner_id, amount, rate, status, kind, basis, month, created_at)
    select l.ids[1 + g % 100], l.subs[1 + g % 100], 100 + g % 997, 0.1000, case when g % 5 = 0 then 'paid' else 'pending' end, 'closed_won',
      1000 + g % 100, case when g <= ${N} then date '2026-01-01' else date '2026-02-01' end,
      timestamptz '2026-01-05T09:00:00Z' + (g / 3) * interval '1 microsecond'
    from generate_series(1, ${4 * N}) g, l`);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const idsOf = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1, -1)
    .map((l) => l.slice(0, 36));

/** The export through the service, read to the end. */
async function readAll(chunks: AsyncIterable<string>) {
  let text = '';
  for await (const c of chunks) text += c;
  return text;
}

describe('the payout CSV, streamed in keyset pages', () => {
  it('equals, row for row, the same rows read with one query', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/commissions.csv', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="commissions-all.csv"');
    // the same export read as one page of every row
    const once = await readAll(await commissionCsv(ctx.db, admin.user, sql`true`, {}, 10 * N));
    expect(res.body).toBe(once);
    const lines = res.body.split('\r\n');
    expect(lines).toHaveLength(4 * N + 2); // header, rows, and the empty string after the last CRLF
    expect(lines[0]).toMatch(/^Commission ID,Partner,Partner ID,Company,/);
    // the order of one query over the whole table, by the database's own precision
    const expected = await ctx.db
      .select({ id: commissions.id })
      .from(commissions)
      .orderBy(sql`${commissions.createdAt} desc, ${commissions.id} desc`);
    expect(idsOf(res.body)).toEqual(expected.map((r) => r.id));
    expect(lines.find((l) => l.includes('Ada Partner'))).toContain(`,"'=Ada Partner",`);
    expect(lines.find((l) => l.includes('Grace'))).toContain(`,"Grace, Jr Partner",`);
  }, 60_000);

  it('holds about one page in memory whatever the length of the export', async () => {
    /**
     * Downloads an export over a real connection, reading and dropping each chunk as it comes, while the heap still
     * held (after a full collection) is sampled; answers how far it rose above where it started.
     */
    async function heldDuring(query: string) {
      gc();
      const start = process.memoryUsage().heapUsed;
      let peak = start;
      let last = 0;
      const measure = () => {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        last = performance.now();
      };
      const sample = setInterval(measure, 25);
      try {
        const res = await fetch(`${base}/api/admin/commissions.csv${query}`, { headers: { cookie: admin.cookie } });
        expect(res.status).toBe(200);
        const reader = res.body!.getReader();
        let lineBreaks = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          // as the chunks arrive as well: while a page is read from PGlite, in the same thread, no timer runs
          if (performance.now() - last > 25) measure();
          for (const byte of value) if (byte === 10) lineBreaks += 1;
        }
        return { held: peak - start, lines: lineBreaks };
      } finally {
        clearInterval(sample);
      }
    }
    const small = await heldDuring('?month=2026-01');
    const large = await heldDuring('');
    expect(small.lines).toBe(N + 1);
    expect(large.lines).toBe(4 * N + 1);
    // a page of a thousand rows, as read and presented, is under 3 MB; an export built in memory holds all of it
    // (over 10 MB for 4N rows), so the longer export may hold at most about two pages more than the shorter
    expect(large.held).toBeLessThan(small.held + 5_000_000);
  }, 60_000);

  it('neither repeats nor loses a row when rows are added or removed between two pages', async () => {
    const q = { month: '2026-01' };
    const before = idsOf(await readAll(await commissionCsv(ctx.db, admin.user, sql`true`, q)));

    // a commission newer than every row, made after the first page was read: by offset the next page would start
    // one row early and repeat the last row of the first page
    const added = await commissionCsv(ctx.db, admin.user, sql`true`, q, 700);
    let text = (await added.next()).value as string;
    const [lead] = await ctx.db.select({ id: leads.id, submitterId: leads.submitterId }).from(leads).limit(1);
    const [fresh] = await ctx.db
      .insert(commissions)
      .values({
        leadId: lead.id,
        partnerId: lead.submitterId,
        amount: '1.00',
        rate: '0.1000',
        basis: '10.00',
        month: '2026-01-01',
        createdAt: new Date('2026-01-09T00:00:00Z'),
      })
      .returning();
    text += await readAll(added);
    expect(idsOf(text)).toEqual(before);

    // rows of the first page removed after it was read: by offset the next page would start late and lose rows
    const current = idsOf(await readAll(await commissionCsv(ctx.db, admin.user, sql`true`, q)));
    const removing = await commissionCsv(ctx.db, admin.user, sql`true`, q, 700);
    text = (await removing.next()).value as string;
    const gone = current.slice(10, 20);
    for (const id of gone) await ctx.db.delete(commissions).where(eq(commissions.id, id));
    text += await readAll(removing);
    expect(idsOf(text)).toEqual(current);
    expect(current[0]).toBe(fresh.id);
  }, 60_000);
});

describe('the member data export, streamed into the archive', () => {
  it('writes a long list page by page, the same as the whole list read at once', async () => {
    const member = partners[0];
    // more notifications than a page, three to an instant, so pages end inside ties
    await ctx.db.execute(sql`
      insert into notifications (user_id, title, message, type, created_at)
      select ${member.id}, 'Note ' || g, 'Line one' || chr(10) || 'line "two"', 'system', timestamptz '2026-02-01T08:00:00Z' + (g / 3) * interval '1 microsecond'
      from generate_series(1, 2500) g`);
    const none = { get: async () => null } as unknown as FileStorage;
    const archive = exportZipStream(none, await collectMemberData(ctx.db, member.id, ctx.clock.now()), 'Chief Partners', ctx.clock.now());
    const parts: Buffer[] = [];
    for await (const part of archive) parts.push(part as Buffer);
    const zip = unzipSync(new Uint8Array(Buffer.concat(parts)));

    const notes = await ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, member.id))
      .orderBy(notifications.createdAt, notifications.id);
    const noteTitles = notes.map((r) => r.title);
    const exported = JSON.parse(strFromU8(zip['notifications.json'])) as Array<{ title: string; message: string }>;
    expect(exported.map((n) => n.title)).toEqual(noteTitles);
    expect(noteTitles).toHaveLength(2500);
    expect(exported[0].message).toBe('Line one\nline "two"');
    // the file's text is the one a whole list would give
    expect(strFromU8(zip['notifications.json'])).toBe(JSON.stringify(exported, null, 2));

    // their commissions (a third of the table): every one, oldest first, once
    const mine = await ctx.db.select({ id: commissions.id }).from(commissions).where(eq(commissions.partnerId, member.id)).orderBy(commissions.createdAt, commissions.id);
    const exportedCommissions = JSON.parse(strFromU8(zip['commissions.json'])) as Array<{ id: string }>;
    expect(exportedCommissions.map((c) => c.id)).toEqual(mine.map((c) => c.id));
    expect(mine.length).toBeGreaterThan(4000);
    const leadsOf = await ctx.db.select({ id: leads.id }).from(leads).where(eq(leads.submitterId, member.id));
    expect((JSON.parse(strFromU8(zip['leads.json'])) as unknown[]).length).toBe(leadsOf.length);
  }, 60_000);
});
