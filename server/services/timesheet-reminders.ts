import { and, eq, gte, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { wallClockIn } from '../../common/rules/events.ts';
import { addDays } from '../../common/schemas/timesheets.ts';
import type { Db } from '../db/client.ts';
import { leads, notifications, placements, timesheets, users } from '../db/schema/index.ts';
import { notifyMember } from './notify.ts';

/**
 * Friday timesheet reminders. Each Friday from 09:00 London time, the contractor of every placement active this
 * week (its dates overlap Monday to Sunday) whose sheet for the week is missing, a draft or rejected is told, once
 * per placement and week: a `timesheet_reminder` notification, which the notification machinery e-mails (following
 * the member's `timesheets` e-mail group: at once, in the digest or not at all) and pushes like any other.
 *
 * Once, whatever the number of instances or restarts: a run takes a transaction-scoped advisory lock named after
 * the week, then inserts a reminder only for the placements that have none for that week yet (the reminder's
 * entity is the placement's week, `placement_week` / `<placement id>/<week starting>`). Two runs of one week queue
 * on the lock, and the second sees what the first committed. Deactivated, removed, anonymised or unapproved
 * contractors get nothing.
 */

export const REMINDER_TZ = 'Europe/London';
/** Friday (ISO day 5), from this London hour. */
export const REMINDER_WEEKDAY = 5;
export const REMINDER_HOUR = 9;
export const REMINDER_KIND = 'timesheet_reminder' as const;
export const REMINDER_ENTITY = 'placement_week';

const pad = (n: number) => String(n).padStart(2, '0');

/** The Monday (YYYY-MM-DD) of the London week `now` falls in, when it is Friday from 09:00 London time; null otherwise. */
export function reminderWeekAt(now: Date): string | null {
  const w = wallClockIn(now, REMINDER_TZ);
  const date = `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  const isoDay = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  if (isoDay !== REMINDER_WEEKDAY || w.hour < REMINDER_HOUR) return null;
  return addDays(date, 1 - isoDay);
}

/**
 * Reminds the contractors whose sheet of this week is still to submit, if it is Friday from 09:00 London time.
 * Answers how many reminders this call created (0 on any other day, and for a week already reminded).
 */
export async function sendTimesheetReminders(db: Db, now: Date): Promise<number> {
  const weekStarting = reminderWeekAt(now);
  if (!weekStarting) return 0;
  const weekEnding = addDays(weekStarting, 6);
  const entityId = sql<string>`${placements.id}::text || '/' || ${weekStarting}::text`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`timesheet-reminders:${weekStarting}`}))`);
    const due = await tx
      .select({ placementId: placements.id, contractorId: placements.contractorId, companyName: leads.companyName, sheetStatus: timesheets.status })
      .from(placements)
      .innerJoin(users, eq(users.id, placements.contractorId))
      .innerJoin(leads, eq(leads.id, placements.leadId))
      .leftJoin(timesheets, and(eq(timesheets.placementId, placements.id), eq(timesheets.weekStarting, weekStarting)))
      .where(
        and(
          lte(placements.startDate, weekEnding),
          gte(placements.endDate, weekStarting),
          eq(users.accountStatus, 'approved'),
          eq(users.isActive, true),
          isNull(users.removedAt),
          isNull(users.anonymisedAt),
          sql`(${timesheets.id} is null or ${inArray(timesheets.status, ['draft', 'rejected'])})`,
          notExists(
            tx
              .select({ one: sql`1` })
              .from(notifications)
              .where(and(eq(notifications.userId, placements.contractorId), eq(notifications.type, REMINDER_KIND), eq(notifications.entityId, entityId))),
          ),
        ),
      )
      .orderBy(placements.id);
    for (const d of due) {
      await notifyMember(
        tx,
        d.contractorId,
        REMINDER_KIND,
        { companyName: d.companyName, weekStarting, sheetStatus: d.sheetStatus },
        { entity: { type: REMINDER_ENTITY, id: `${d.placementId}/${weekStarting}` }, at: now },
      );
    }
    return due.length;
  });
}

export interface TimesheetReminderDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface TimesheetReminders {
  /** Runs the reminders now (or at `now`): see sendTimesheetReminders. */
  run(now?: Date): Promise<number>;
  /** Waits for the runs already going. */
  idle(): Promise<void>;
}

export function createTimesheetReminders(deps: TimesheetReminderDeps): TimesheetReminders {
  const running = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    const done = () => running.delete(p);
    p.then(done, done);
    return p;
  };
  return {
    run: (now) => track(sendTimesheetReminders(deps.db, now ?? deps.now())),
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
