import { describe, expect, it } from 'vitest';
import { calendarFeedSchema, eventDetailSchema, eventPageSchema, eventReportSchema } from '../../common/schemas/events.ts';
import { leadSchema } from '../../common/schemas/lead.ts';
import {
  admin,
  anon,
  ctx,
  detail,
  event,
  HOUR,
  mailsOnceSent,
  member,
  members,
  notificationsOf,
  partner,
  PUBLIC_URL,
  register,
  unregister,
  useEventsApp,
  vevents,
  wantsEventMail,
} from '../helpers/events.ts';
import { expectError, NO_SUCH_ID } from '../helpers/http.ts';

/** Events: the joining link, calendar files and feeds, and the attribution report. */
useEventsApp();

describe('the joining link', () => {
  /** The unfolded text of the calendar entry's description and location. */
  const joinedText = (ics: string) => {
    const [ve] = vevents(ics);
    return `${String(ve.getFirstPropertyValue('description'))} ${String(ve.getFirstPropertyValue('location') ?? '')}`;
  };
  it('is given to members holding a place and to admins; others, the waitlist included, only learn that one exists', async () => {
    const e = await event({ type: 'webinar', meetingLink: 'https://meet.example.com/private-room', maxAttendees: 1, title: 'Link: webinar' });
    const [holder, waiting, stranger] = await members(3);
    expect((await register(holder, e.id)).statusCode).toBe(201);
    expect((await register(waiting, e.id)).statusCode).toBe(201);
    for (const who of [waiting, stranger]) {
      const seen = await detail(who, e.id);
      expect([seen.meetingLink, seen.hasMeetingLink]).toEqual([null, true]);
      const listed = (await who.api.getOk(eventPageSchema, '/api/events?search=Link%3A')).items.find((i) => i.id === e.id)!;
      expect(listed.meetingLink).toBeNull();
      const ics = await who.api.get(`/api/events/${e.id}.ics`);
      expect(ics.statusCode).toBe(200);
      expect(joinedText(ics.body)).not.toContain('private-room');
    }
    expect((await detail(holder, e.id)).meetingLink).toBe('https://meet.example.com/private-room');
    expect(joinedText((await holder.api.get(`/api/events/${e.id}.ics`)).body)).toContain('private-room');
    expect((await detail(admin, e.id)).meetingLink).toBe('https://meet.example.com/private-room');
    // the place given up passes to the waitlist, and the link with it
    expect((await unregister(holder, e.id)).statusCode).toBe(200);
    expect((await detail(waiting, e.id)).meetingLink).toBe('https://meet.example.com/private-room');
    expect((await detail(holder, e.id)).meetingLink).toBeNull();
  });

  it('is not given away by the notice of a change: the waitlist is told only that there is one', async () => {
    const e = await event({ type: 'webinar', meetingLink: 'https://meet.example.com/first-room', maxAttendees: 1, title: 'Link: moved webinar' });
    const [holder, waiting] = await members(2);
    await register(holder, e.id);
    await register(waiting, e.id);
    await wantsEventMail(holder, waiting);
    ctx.mailer.sent = [];
    await admin.api.patchOk(eventDetailSchema, `/api/events/${e.id}`, { body: { meetingLink: 'https://meet.example.com/second-room' } });
    await mailsOnceSent(2);
    const [held] = await notificationsOf(holder.user.id, 'event_updated');
    const [waited] = await notificationsOf(waiting.user.id, 'event_updated');
    expect(held.message).toContain('https://meet.example.com/second-room');
    expect(waited.message).not.toContain('meet.example.com');
    expect(waited.message).toContain('the joining link is shown once you hold a place');
    const mailTo = (email: string) => ctx.mailer.sent.find((m) => m.to === email)!.text;
    expect(mailTo(holder.user.email)).toContain('second-room');
    expect(mailTo(waiting.user.email)).not.toContain('meet.example.com');
  });
});

describe('calendar files', () => {
  it('downloads an event as iCalendar with its own time zone, organizer and page address', async () => {
    const e = await event({ start: new Date('2026-12-01T18:30:00Z'), hours: 2, timezone: 'America/New_York', title: 'Calendar: NY Dinner' });
    const res = await partner.api.get(`/api/events/${e.id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const [ve] = vevents(res.body);
    const start = ve.getFirstProperty('dtstart')!;
    const end = ve.getFirstProperty('dtend')!;
    expect(start.getParameter('tzid')).toBe('America/New_York');
    expect(end.getParameter('tzid')).toBe('America/New_York');
    expect(String(start.getFirstValue())).toBe('2026-12-01T13:30:00');
    expect(String(end.getFirstValue())).toBe('2026-12-01T15:30:00');
    expect(ve.getFirstPropertyValue('summary')).toBe('Calendar: NY Dinner');
    expect(ve.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/events?event=${e.id}`);
    expect(String(ve.getFirstPropertyValue('organizer'))).toBe(`mailto:${ctx.config.supportEmail}`);
    expect(ve.getFirstProperty('organizer')!.getParameter('cn')).toBe(`${admin.user.firstName} ${admin.user.lastName}`);
  });

  it('keeps a personal feed of the member’s registrations at a secret address that rotation retires', async () => {
    const me = await member();
    const london = await event({ start: new Date('2026-11-10T09:00:00Z'), hours: 1, title: 'Feed: London Breakfast' });
    const full = await event({ start: new Date('2026-11-12T17:00:00Z'), hours: 1, maxAttendees: 1, title: 'Feed: Full Talk' });
    await event({ title: 'Feed: Not Registered' });
    await register(partner, full.id);
    await register(me, london.id);
    await register(me, full.id);
    const { url } = await me.api.getOk(calendarFeedSchema, '/api/calendar-feed');
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{40,}\\.ics$`));
    expect((await me.api.getOk(calendarFeedSchema, '/api/calendar-feed')).url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await anon.get(path);
    expect(feed.statusCode).toBe(200);
    const entries = vevents(feed.body).map((v) => [
      v.getFirstPropertyValue('summary'),
      v.getFirstProperty('dtstart')!.getParameter('tzid'),
      String(v.getFirstPropertyValue('dtstart')),
    ]);
    expect(entries).toEqual([
      ['Feed: London Breakfast', 'Europe/London', '2026-11-10T09:00:00'],
      ['Feed: Full Talk (waitlist)', 'Europe/London', '2026-11-12T17:00:00'],
    ]);
    const rotated = await me.api.postOk(calendarFeedSchema, '/api/calendar-feed/rotate');
    expect(rotated.url).not.toBe(url);
    expectError(await anon.get(path), 404, 'not_found');
    expect((await anon.get(new URL(rotated.url).pathname)).statusCode).toBe(200);
    expect((await me.api.getOk(calendarFeedSchema, '/api/calendar-feed')).url).toBe(rotated.url);
    expectError(await anon.get('/api/calendar/not-a-real-token-but-long-enough.ics'), 404, 'not_found');
    expectError(await anon.get('/api/calendar/short.ics'), 400, 'validation_failed');
  });
});

describe('attribution and the event report', () => {
  const leadBody = (o: Record<string, unknown> = {}) => ({
    leadType: 'advisory',
    estimatedValue: '12345.67',
    companyName: 'Globex Ltd',
    industry: 'Technology',
    contactName: 'Hank Scorpio',
    contactEmail: 'hank@globex.example',
    projectDescription: 'Needs an interim CTO for a platform migration.',
    ...o,
  });

  it('lets a lead name the event where the contact was met, and reports attendees, leads and their won value', async () => {
    const e = await event({ inHours: 1, title: 'Report: Fintech Roundtable' });
    const [a, b] = await members(2);
    await register(a, e.id);
    await register(b, e.id);
    ctx.clock.advance(2 * HOUR);
    await admin.api.postOk(eventDetailSchema, `/api/events/${e.id}/attendance`, { body: { userIds: [a.user.id, b.user.id] } });
    const won = await a.api.create(leadSchema, '/api/leads', { body: leadBody({ sourceEventId: e.id }) });
    expect(won.sourceEventId).toBe(e.id);
    await b.api.create(leadSchema, '/api/leads', {
      body: leadBody({ companyName: 'Initech', contactEmail: 'bill@initech.example', estimatedValue: 5000, sourceEventId: e.id }),
    });
    await a.api.create(leadSchema, '/api/leads', { body: leadBody({ companyName: 'Umbrella', contactEmail: 'al@umbrella.example' }) });
    await admin.api.patchOk(leadSchema, `/api/leads/${won.id}`, { body: { status: 'closed-won' } });
    // an admin can name the event afterwards on a lead that did not
    const late = await a.api.create(leadSchema, '/api/leads', { body: leadBody({ companyName: 'Hooli', contactEmail: 'g@hooli.example', estimatedValue: '0.33' }) });
    expect((await admin.api.patchOk(leadSchema, `/api/leads/${late.id}`, { body: { status: 'closed-won', sourceEventId: e.id } })).sourceEventId).toBe(e.id);

    const report = await admin.api.getOk(eventReportSchema, `/api/events/${e.id}/report`);
    expect(report).toMatchObject({ eventId: e.id, registeredCount: 2, waitlistCount: 0, attendedCount: 2 });
    expect(report.leads).toMatchObject({ count: 3, closedWonCount: 2, closedWonValue: '12346.00' });
    expect(report.leads.items.map((l) => l.companyName).sort()).toEqual(['Globex Ltd', 'Hooli', 'Initech']);
  });

  it('refuses an event that does not exist as the source of a lead', async () => {
    const err = expectError(await partner.api.post('/api/leads', { body: leadBody({ sourceEventId: NO_SUCH_ID }) }), 400, 'validation_failed');
    expect(err.issues).toEqual([{ path: 'sourceEventId', message: 'Choose an event from the list' }]);
    const bad = expectError(await partner.api.post('/api/leads', { body: leadBody({ sourceEventId: 'nope' }) }), 400, 'validation_failed');
    expect(bad.issues).toContainEqual({ path: 'sourceEventId', message: 'Choose an event from the list' });
  });
});
