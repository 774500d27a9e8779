import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { lead, placedLeads } from './scale-leads.ts';
import { BENCH_ADMIN, BENCH_PARTNER, member, memberNo, n, run, uid, type ScaleSize } from './scale-sql.ts';

const WEEKS = 12;

/**
 * Placements and their time: one placement per two thousand leads (at least three), each on a won interim lead,
 * with a sheet for each of the twelve weeks before now: the latest in draft, the one before pending, the rest
 * approved (one in five placements has its third week rejected), five days of entries each. `bench.partner` is the
 * contractor of the first three. Each approved sheet earns its lead's submitter a `time` commission on its gross
 * profit, paid when its week ended over a month ago.
 */
export async function seedWork(db: Db, size: ScaleSize): Promise<number> {
  const { count, step } = placedLeads(size);
  if (!count) return 0;
  const k = sql`k`;
  const leadNo = sql`(12 + 21 * (k - 1) * ${n(step)})`;
  const contractor = sql`case when k <= 3 then ${BENCH_PARTNER} else ${member(memberNo(sql`k * 7`, size))} end`;
  const client = member(memberNo(sql`k * 7 + 2`, size));
  const monday = sql`date_trunc('week', now())::date`;
  let rows = await run(
    db,
    sql`insert into placements (id, lead_id, contractor_id, client_id, charge_rate_pence, pay_rate_pence, unit, start_date, end_date, created_by_id, created_at, updated_at)
    select ${uid('placement', k)}, ${lead.id(leadNo)}, ${contractor}, ${client},
      case when k % 2 = 0 then 12000 else 80000 end, case when k % 2 = 0 then 9000 else 60000 end, case when k % 2 = 0 then 'hour' else 'day' end,
      ${monday} - ${n(7 * WEEKS)}, ${monday} + 26 * 7, ${BENCH_ADMIN}, ${monday} - ${n(7 * WEEKS)}, ${monday} - ${n(7 * WEEKS)}
    from generate_series(1, ${n(count)}) k
    where ${contractor} <> ${client}`,
  );
  const status = sql`case when w = 1 then 'draft' when w = 2 then 'pending' when w = 3 and p.k % 5 = 0 then 'rejected' else 'approved' end`;
  rows += await run(
    db,
    sql`insert into timesheets (id, placement_id, contractor_id, client_id, project_name, week_starting, week_ending, total_units, unit_type, status,
      approval_comments, submitted_at, approved_by, approved_at, created_at, updated_at)
    select ${uid('sheet', sql`(p.k - 1) * ${n(WEEKS)} + w`)}, p.id, p.contractor_id, p.client_id, 'Placement ' || p.k, s.monday, s.monday + 6,
      case when p.unit = 'hour' then 40 else 5 end, p.unit, ${status}, case when w = 3 and p.k % 5 = 0 then 'Please split the Friday hours.' end,
      case when w > 1 then s.monday + 5 end, case when w > 2 then p.client_id end, case when w > 2 then s.monday + 7 end, s.monday + 4, s.monday + 7
    from (select k, pl.* from generate_series(1, ${n(count)}) k join placements pl on pl.id = ${uid('placement', k)}) p
    cross join lateral (select w, ${monday} - (w - 1) * 7 as monday from generate_series(1, ${n(WEEKS)}) w) s`,
  );
  rows += await run(
    db,
    sql`insert into timesheet_entries (timesheet_id, date, units, description, created_at)
    select t.id, t.week_starting + d, case when t.unit_type = 'hour' then 8 else 1 end, 'Programme work', t.created_at
    from timesheets t cross join generate_series(0, 4) d
    where t.placement_id in (select ${uid('placement', k)} from generate_series(1, ${n(count)}) k)`,
  );
  // a time commission on every approved sheet: gross profit (charge − pay) × units, at 20%
  rows += await run(
    db,
    sql`insert into commissions (lead_id, partner_id, amount, rate, status, kind, timesheet_id, basis, month, paid_at, created_at, lead_submitted_at)
    select l.id, l.submitter_id, round((p.charge_rate_pence - p.pay_rate_pence) * t.total_units / 100 * 0.2, 2), 0.2000,
      case when t.week_ending < now() - interval '30 days' then 'paid' else 'pending' end, 'time', t.id,
      round((p.charge_rate_pence - p.pay_rate_pence) * t.total_units / 100, 2), date_trunc('month', t.week_ending)::date,
      case when t.week_ending < now() - interval '30 days' then t.approved_at + interval '14 days' end, t.approved_at, l.created_at
    from timesheets t join placements p on p.id = t.placement_id join leads l on l.id = p.lead_id
    where t.status = 'approved' and p.id in (select ${uid('placement', k)} from generate_series(1, ${n(count)}) k)`,
  );
  return rows;
}

/**
 * The administrators' audit log: one entry per hundred leads (at least ten), by `bench.admin`, cycling through a
 * lead's status change, a commission paid and a member's details changed.
 */
export async function seedAudit(db: Db, size: ScaleSize): Promise<number> {
  const count = Math.max(10, Math.round(size.leads / 100));
  const leadNo = sql`(1 + (g * 97) % ${n(Math.max(1, size.leads))})`;
  const wonNo = sql`(5 + 7 * ((g * 31) % ${n(Math.max(1, Math.floor((size.leads - 5) / 7) + 1))}))`;
  return run(
    db,
    sql`insert into audit_log (actor_id, action, entity_type, entity_id, before, after, created_at)
    select ${BENCH_ADMIN},
      (array['lead.update', 'commission.pay', 'user.update'])[1 + g % 3], (array['lead', 'commission', 'user'])[1 + g % 3],
      (case g % 3 when 0 then ${lead.id(leadNo)} when 1 then ${uid('commission', wonNo)} else ${member(memberNo(sql`g`, size))} end)::text,
      case g % 3 when 0 then jsonb_build_object('status', 'reviewing') when 1 then jsonb_build_object('paidAt', null) else jsonb_build_object('company', 'Company ' || g) end,
      case g % 3 when 0 then jsonb_build_object('status', 'qualified') when 1 then jsonb_build_object('paidAt', now() - make_interval(mins => g)) else jsonb_build_object('company', 'Company ' || (g + 1)) end,
      now() - make_interval(mins => g * 7)
    from generate_series(1, ${n(count)}) g`,
  );
}
