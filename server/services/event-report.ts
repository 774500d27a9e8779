import { and, desc, eq, sql } from 'drizzle-orm';
import { EVENT_MESSAGES as M } from '../../common/constants/events.ts';
import { AppError } from '../../common/errors.ts';
import type { EventReport } from '../../common/schemas/events.ts';
import type { Db } from '../db/client.ts';
import { events, leads, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { eventPermission, eventScope } from '../policies/events.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, money, moneyFromPence } from '../presenters/wire.ts';
import { attendeesOf } from './events.ts';

/** The rows of a raw statement, whichever driver ran it (PGlite or node-postgres). */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

/**
 * An event's report (administrators): who registered and attended, and the leads met there with their closed-won
 * value, summed in integer pence by the database.
 */
export async function eventReport(db: Db, actor: Actor, id: string, now: Date): Promise<EventReport> {
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eventScope(actor)));
  if (!event) throw new AppError('not_found', M.notFound);
  authorize(eventPermission(actor, 'seeReport', event, now));
  const [attendees, totals, leadRows] = await Promise.all([
    attendeesOf(db, id),
    db.execute(sql`
      select count(*)::int as count,
             count(*) filter (where status = 'closed-won')::int as won,
             coalesce(sum(round(estimated_value * 100)) filter (where status = 'closed-won'), 0)::bigint as won_pence
      from ${leads} where source_event_id = ${id}`),
    db
      .select({
        id: leads.id,
        companyName: leads.companyName,
        status: leads.status,
        estimatedValue: leads.estimatedValue,
        createdAt: leads.createdAt,
        submitterName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(leads)
      .innerJoin(users, eq(users.id, leads.submitterId))
      .where(eq(leads.sourceEventId, id))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(100),
  ]);
  const [t] = rowsOf<{ count: number; won: number; won_pence: string | number }>(totals);
  return {
    eventId: event.id,
    title: event.title,
    registeredCount: attendees.filter((a) => a.status === 'registered').length,
    waitlistCount: attendees.filter((a) => a.status === 'waitlisted').length,
    attendedCount: attendees.filter((a) => a.attended).length,
    attendees,
    leads: {
      count: Number(t.count),
      closedWonCount: Number(t.won),
      closedWonValue: moneyFromPence(Number(t.won_pence)),
      items: leadRows.map((l) => ({ ...l, estimatedValue: money(l.estimatedValue), createdAt: iso(l.createdAt) })),
    },
  };
}
