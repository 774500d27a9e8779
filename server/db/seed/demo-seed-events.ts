import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { UserRow } from '../factories/members.ts';
import { cancelMadeEvent, makeEvent, markAttended, registerMembers } from '../factories/events.ts';
import type { Db } from '../client.ts';
import { leads } from '../schema/index.ts';
import { ADMIN, DAY, person } from './demo-people.ts';

/**
 * The events calendar: two past events with their attendance (and the leads partners met there), upcoming ones
 * with registrations, one full with a waitlist, and one cancelled. Members registered in the days before.
 */
export async function seedEvents(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  const admin = person(people, ADMIN);
  const p = (...names: string[]) => names.map((n) => person(people, n));
  const at = (days: number, hour: number, minute = 0) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour, minute, 0, 0);
    return d;
  };
  const partners = p('priya.raman', 'james.okafor', 'sophie.laurent', 'daniel.hughes', 'hannah.becker', 'oliver.grant', 'aisha.khan', 'tom.fletcher');

  const breakfast = await makeEvent(db, {
    organizer: admin,
    now: at(-70, 9),
    title: 'Partner Breakfast: Pipeline Review',
    description: 'Breakfast with the partnership team: what closed last quarter, where the pipeline is heading, and introductions across sectors.',
    type: 'in-person',
    category: 'networking',
    location: 'The Ned, 27 Poultry, London EC2R 8AJ',
    start: at(-40, 7, 30),
    hours: 2,
    maxAttendees: 30,
    tags: ['pipeline', 'breakfast'],
  });
  await registerMembers(db, breakfast.id, partners, at(-60, 10));
  const cameToBreakfast = partners.slice(0, 6);
  await markAttended(db, admin, breakfast.id, cameToBreakfast, at(-40, 10));
  // partners who met contacts there say so on the leads they submitted in the weeks after
  const metThere = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        inArray(
          leads.submitterId,
          cameToBreakfast.map((u) => u.id),
        ),
        gt(leads.createdAt, at(-40, 10)),
        isNull(leads.sourceEventId),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(3);
  for (const l of metThere) await db.update(leads).set({ sourceEventId: breakfast.id }).where(eq(leads.id, l.id));

  const webinar = await makeEvent(db, {
    organizer: admin,
    now: at(-30, 9),
    title: 'Pricing Interim Assignments',
    description: 'A practical session on day rates, success fees and how to present them to a board, with time for questions.',
    type: 'webinar',
    category: 'training',
    location: null,
    meetingLink: 'https://meet.example.com/pricing-interim-assignments',
    start: at(-15, 12),
    hours: 1,
  });
  await registerMembers(db, webinar.id, partners.slice(2, 7), at(-25, 9));
  await markAttended(db, admin, webinar.id, partners.slice(2, 6), at(-15, 13));

  const evening = await makeEvent(db, {
    organizer: admin,
    now: at(-10, 9),
    title: 'Executive Networking Evening, Manchester',
    description: 'Drinks and conversation with partners and invited guests from the North West business community.',
    type: 'in-person',
    category: 'social',
    location: 'Manchester Hall, 36 Bridge Street, Manchester M3 3BT',
    start: at(12, 18),
    hours: 3,
    maxAttendees: 40,
    fee: '25.00',
    registrationDeadline: at(10, 17),
    linkedinPromotionText: 'Joining us in Manchester for an evening with senior interim and advisory leaders? #ChiefPartners',
  });
  await registerMembers(db, evening.id, partners.slice(0, 5), at(-8, 11));

  const workshop = await makeEvent(db, {
    organizer: admin,
    now: at(-9, 9),
    title: 'Board Readiness Workshop',
    description: 'A small-group workshop on preparing for a first non-executive role: governance, committees and the interview.',
    type: 'in-person',
    category: 'workshop',
    location: 'Chief Partners, 1 Finsbury Avenue, London',
    start: at(20, 14),
    hours: 3,
    maxAttendees: 4,
    fee: '95.00',
  });
  await registerMembers(db, workshop.id, partners.slice(0, 7), at(-7, 9));

  const conference = await makeEvent(db, {
    organizer: admin,
    now: at(-6, 9),
    title: 'Partner Conference 2027',
    description: 'The annual gathering of the partnership: the year in review, sector briefings and the partner awards.',
    type: 'hybrid',
    category: 'conference',
    location: 'Royal Institution, 21 Albemarle Street, London',
    meetingLink: 'https://meet.example.com/partner-conference',
    start: at(45, 9),
    hours: 8,
    linkedinPromotionText: 'The Chief Partners annual conference is coming: a day of briefings, awards and good company.',
  });
  await registerMembers(db, conference.id, p('priya.raman', 'oliver.grant', 'aisha.khan'), at(-5, 15));

  const social = await makeEvent(db, {
    organizer: admin,
    now: at(-12, 9),
    title: 'Summer Social on the Thames',
    description: 'An evening cruise from Westminster Pier with partners and their guests.',
    type: 'in-person',
    category: 'social',
    location: 'Westminster Pier, London',
    start: at(30, 19),
    hours: 3,
    maxAttendees: 60,
  });
  await registerMembers(db, social.id, p('sophie.laurent', 'daniel.hughes', 'tom.fletcher'), at(-11, 12));
  await cancelMadeEvent(db, admin, social.id, at(-2, 9));
  return 6;
}
