/** An event's attendees as CSV: administrators only, one line per registration, places then the waitlist in order, formula-safe. */

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { markAttended, registerMembers } from '../../server/db/factories/events.ts';
import { ATTENDEE_CSV_HEADER, attendeeCsv } from '../../server/services/event-attendee-export.ts';
import { admin, anon, ctx, event, HOUR, later, member, partner, pendingApi, useEventsApp } from '../helpers/events.ts';
import { expectError } from '../helpers/http.ts';

useEventsApp();

const HEADER = 'Name,Email,Company,Status,Waitlist position,Registered at,Attended';
const rowsOf = (body: string) => body.trim().split('\r\n');
const drain = async (chunks: AsyncIterable<string>) => {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
};

describe('GET /api/events/{id}/attendees.csv', () => {
  it('lists every registration, places first then the waitlist with its positions, attendance, formula-safe', async () => {
    const e = await event({ title: 'Export: Founders’ Supper', maxAttendees: 2, inHours: 2 });
    const ann = await member({ firstName: 'Ann', lastName: 'First', company: 'First Ltd', email: 'ann.first@example.com' });
    const evil = await member({ firstName: '=HYPERLINK("http://evil.example")', lastName: 'Second', company: '@SUM(1+1)' });
    const cai = await member({ firstName: 'Cai', lastName: 'Third', company: '+44 Ltd' });
    const dee = await member({ firstName: 'Dee', lastName: 'Fourth', company: null });
    await registerMembers(ctx.db, e.id, [ann.user, evil.user, cai.user, dee.user], ctx.clock.now());
    await markAttended(ctx.db, admin.user, e.id, [ann.user], later(3 * HOUR));

    const res = await admin.api.get(`/api/events/${e.id}/attendees.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendees-export-founders-supper.csv"');
    const lines = rowsOf(res.body);
    expect(lines[0]).toBe(HEADER);
    expect(ATTENDEE_CSV_HEADER.join(',')).toBe(HEADER);
    expect(lines).toHaveLength(5);
    const at = (i: number) => later(i * 60_000).toISOString();
    expect(lines[1]).toBe(`Ann First,ann.first@example.com,First Ltd,Registered,,${at(0)},Yes`);
    expect(lines[2]).toBe(`"'=HYPERLINK(""http://evil.example"") Second",${evil.user.email},"'@SUM(1+1)",Registered,,${at(1)},No`);
    expect(lines[3]).toBe(`Cai Third,${cai.user.email},"'+44 Ltd",Waitlisted,1,${at(2)},No`);
    expect(lines[4]).toBe(`Dee Fourth,${dee.user.email},,Waitlisted,2,${at(3)},No`);
  });

  it('numbers the waitlist across pages the same as in one page', async () => {
    const e = await event({ title: 'Export: Paged', maxAttendees: 1 });
    const people = await Promise.all(Array.from({ length: 5 }, (_, i) => member({ firstName: `Paged${i}`, lastName: 'Member' })));
    await registerMembers(
      ctx.db,
      e.id,
      people.map((p) => p.user),
      ctx.clock.now(),
    );
    const whole = await admin.api.get(`/api/events/${e.id}/attendees.csv`);
    const { lines } = await attendeeCsv(ctx.db, admin.user, e.id, ctx.clock.now(), 2);
    const paged = await drain(lines);
    expect(paged).toBe(whole.body);
    expect(rowsOf(paged).map((l) => l.split(',')[4])).toEqual(['Waitlist position', '', '1', '2', '3', '4']);
  });

  it('answers with the header alone for an event nobody registered for', async () => {
    const e = await event({ title: 'Export: Empty' });
    const res = await admin.api.get(`/api/events/${e.id}/attendees.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`${HEADER}\r\n`);
  });

  it('is for administrators: 401 signed out, 403 to partners and applicants, 404 for an unknown event, 400 for a malformed id', async () => {
    const e = await event({ title: 'Export: Closed' });
    expectError(await anon.get(`/api/events/${e.id}/attendees.csv`), 401, 'unauthorized');
    expectError(await partner.api.get(`/api/events/${e.id}/attendees.csv`), 403, 'forbidden');
    expect((await pendingApi.get(`/api/events/${e.id}/attendees.csv`)).statusCode).toBe(403);
    expectError(await admin.api.get(`/api/events/${randomUUID()}/attendees.csv`), 404, 'not_found');
    expectError(await admin.api.get('/api/events/not-an-id/attendees.csv'), 400, 'validation_failed');
    const master = await member({ role: 'master-admin' });
    expect((await master.api.get(`/api/events/${e.id}/attendees.csv`)).statusCode).toBe(200);
  });
});
