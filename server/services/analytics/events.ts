import { sql } from 'drizzle-orm';
import { fromPence } from '../../../common/rules/money.ts';
import type { AnalyticsRange, EventAnalytics } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/client.ts';
import { eventRegistrations, events, leads } from '../../db/schema/index.ts';
import { envelopeOf, int, londonDay, periodOf, rows, withinDays } from './range.ts';

interface EventRow {
  id: string;
  title: string;
  date: string;
  registrations: number;
  attended: number;
  leads: number;
  won: number;
  won_pence: number;
}

/**
 * The events held (not cancelled) on the days of a period, by their start in London, each with the places taken
 * (registered, the waitlist apart), the attendance confirmed, and the leads met there (`source_event_id`) with
 * those won and their value, as the event's report counts them. Read live: a period holds few events, each
 * counted through its own indexes.
 */
async function heldEvents(db: Db, from: string, to: string) {
  return rows<EventRow>(
    db,
    sql`select e.id, e.title, ${londonDay(sql`e.start_date`)}::text as date,
        (select count(*) from ${eventRegistrations} r where r.event_id = e.id and r.status = 'registered')::int as registrations,
        (select count(*) from ${eventRegistrations} r where r.event_id = e.id and r.attendance_confirmed)::int as attended,
        l.leads, l.won, l.won_pence
      from ${events} e
      cross join lateral (
        select count(*)::int as leads, count(*) filter (where status = 'closed-won')::int as won,
          coalesce(sum(round(estimated_value * 100)) filter (where status = 'closed-won'), 0)::bigint as won_pence
        from ${leads} where source_event_id = e.id
      ) l
      where ${withinDays(sql`e.start_date`, from, to)} and e.status <> 'cancelled'
      order by e.start_date desc, e.id`,
  );
}

function totalsOf(list: EventRow[]) {
  const sum = (f: (e: EventRow) => unknown) => list.reduce((a, e) => a + int(f(e)), 0);
  return {
    events: list.length,
    registrations: sum((e) => e.registrations),
    attended: sum((e) => e.attended),
    leads: sum((e) => e.leads),
    wonValue: fromPence(sum((e) => e.won_pence)),
  };
}

export async function eventAnalytics(db: Db, range: AnalyticsRange): Promise<EventAnalytics> {
  const p = periodOf(range);
  const [current, previous] = await Promise.all([heldEvents(db, p.from, p.to), heldEvents(db, p.previousFrom, p.previousTo)]);
  return {
    ...envelopeOf(p),
    events: current.map((e) => ({
      id: e.id,
      title: e.title,
      date: e.date,
      registrations: int(e.registrations),
      attended: int(e.attended),
      leads: int(e.leads),
      won: int(e.won),
      wonValue: fromPence(int(e.won_pence)),
    })),
    totals: totalsOf(current),
    previous: totalsOf(previous),
  };
}
