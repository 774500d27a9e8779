import { sql, type SQL } from 'drizzle-orm';
import { LEAD_INDUSTRIES, LEAD_TYPES, RELATIONSHIP_STRENGTHS, URGENCY_LEVELS } from '../../../common/constants/leads.ts';
import { activityText } from '../../../common/rules/pipeline.ts';
import type { Db } from '../client.ts';
import { BENCH_ADMIN, BENCH_PARTNER, at, member, memberNo, n, run, uid, type ScaleSize } from './scale-sql.ts';

/**
 * Lead number g (1..leads) is described by arithmetic on g alone, so every table that refers to a lead computes
 * what it needs: the status cycles through STATUSES by g % 7 (g % 7 = 5 is won), the type by g % 3 (0 interim,
 * 2 recruitment), the submitter is member 1 + g % members.
 */
export const STATUSES = ['submitted', 'submitted', 'reviewing', 'qualified', 'in-progress', 'closed-won', 'closed-lost'] as const;
const PREVIOUS: Record<string, string> = {
  reviewing: 'submitted',
  qualified: 'reviewing',
  'in-progress': 'qualified',
  'closed-won': 'in-progress',
  'closed-lost': 'in-progress',
};

export const lead = {
  id: (g: SQL) => uid('lead', g),
  submitter: (g: SQL, size: ScaleSize) => member(memberNo(g, size)),
  status: (g: SQL) => at(STATUSES, g),
  value: (g: SQL) => sql`round((1000 + ((${g})::bigint * 7919) % 6000000 / 100.0)::numeric, 2)`,
  createdAt: (g: SQL) => sql`(now() - make_interval(days => (${g}) % 365, secs => (${g}) % 86400))`,
  /** The last move: up to a month after submission, never in the future. */
  updatedAt: (g: SQL) => sql`(now() - make_interval(days => (${g}) % 365 - least((${g}) % 365, ((${g}) / 7) % 30)))`,
};

/**
 * Which won interim leads have a placement: placement k (1..count) is on lead 12 + 21·(k − 1)·step (12 + 21j is
 * won and interim). Answers the count, the step, and a condition on a lead number g saying whether it is one.
 */
export function placedLeads(size: ScaleSize) {
  const candidates = size.leads >= 12 ? Math.floor((size.leads - 12) / 21) + 1 : 0;
  const count = Math.min(candidates, Math.max(3, Math.round(size.leads / 2000)));
  const step = count ? Math.max(1, Math.floor(candidates / count)) : 1;
  const isPlaced = (g: SQL) => sql`((${g}) % 21 = 12 and ((${g}) - 12) / 21 % ${n(step)} = 0 and ((${g}) - 12) / 21 / ${n(step)} < ${n(count)})`;
  return { count, step, isPlaced };
}

/** The leads, their timelines (submitted, and the last move) and a commission on each won one. */
export async function seedLeads(db: Db, size: ScaleSize): Promise<number> {
  const g = sql`g`;
  const rows = await run(
    db,
    sql`insert into leads (id, submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description, estimated_value,
      urgency, relationship_strength, status, company_key, contact_domain, source_event_id, created_at, updated_at)
    select ${lead.id(g)}, ${lead.submitter(g, size)}, ${at(LEAD_TYPES, g)}, 'Prospect ' || g || ' Ltd', ${at(LEAD_INDUSTRIES, sql`g / 3`)},
      'Contact ' || g, 'contact' || g || '@prospect' || (g % 5000) || '.example', 'Synthetic lead for scale testing.', ${lead.value(g)},
      ${at(URGENCY_LEVELS, g)}, ${at(RELATIONSHIP_STRENGTHS, sql`g / 3`)}, ${lead.status(g)}, 'prospect ' || g, 'prospect' || (g % 5000) || '.example',
      case when g % 101 = 0 then ${uid('event', sql`1 + g % ${n(eventCount(size))}`)} end, ${lead.createdAt(g)}, ${lead.updatedAt(g)}
    from generate_series(1, ${n(size.leads)}) g`,
  );
  // bench.partner's own leads, never won (its commission list is measured empty-handed)
  await run(
    db,
    sql`insert into leads (id, submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description, estimated_value, status,
      company_key, contact_domain, created_at, updated_at)
    select ${uid('benchlead', g)}, ${BENCH_PARTNER}, 'advisory', 'Bench Prospect ' || g, 'Technology', 'Contact ' || g, 'c' || g || '@bench' || g || '.example',
      'Benchmark lead.', 5000 + g * 100, (array['submitted','reviewing','qualified','in-progress','closed-lost'])[1 + g % 5], 'bench prospect ' || g,
      'bench' || g || '.example', now() - make_interval(days => g), now() - make_interval(days => g)
    from generate_series(1, 50) g`,
  );
  return rows + 50;
}

export async function seedLeadActivities(db: Db, size: ScaleSize): Promise<number> {
  const g = sql`g`;
  let rows = await run(
    db,
    sql`insert into lead_activities (id, lead_id, user_id, kind, to_status, activity, created_at)
    select ${uid('activity', g)}, ${lead.id(g)}, ${lead.submitter(g, size)}, 'submitted', 'submitted', ${activityText('submitted', null, 'submitted')}, ${lead.createdAt(g)}
    from generate_series(1, ${n(size.leads)}) g
    union all
    select ${uid('activity', sql`${n(size.leads)} + g`)}, ${uid('benchlead', g)}, ${BENCH_PARTNER}, 'submitted', 'submitted', ${activityText('submitted', null, 'submitted')}, now() - make_interval(days => g)
    from generate_series(1, 50) g`,
  );
  // the move into the lead's present status, made by the administrator
  const moves = Object.entries(PREVIOUS)
    .map(([to, from]) => `('${to}', '${from}', '${activityText('status_changed', from, to).replace(/'/g, "''")}')`)
    .join(', ');
  rows += await run(
    db,
    sql`insert into lead_activities (id, lead_id, user_id, kind, from_status, to_status, activity, created_at)
    select ${uid('move', g)}, ${lead.id(g)}, ${BENCH_ADMIN}, 'status_changed', p.from_status, p.to_status, p.activity, ${lead.updatedAt(g)}
    from generate_series(1, ${n(size.leads)}) g join (values ${sql.raw(moves)}) p(to_status, from_status, activity) on p.to_status = ${lead.status(g)}`,
  );
  return rows;
}

/**
 * A commission on every won lead, at 20% of its estimate: paid a month after closing when that was over two
 * months ago, pending otherwise; a lead with a placement earns from its approved time instead, so its closed-won
 * commission gave way (cancelled, superseded) when the placement began. Written oldest first, as the product writes
 * them (each when its lead closes), so the table is stored in the order the payout list and its CSV read it.
 */
export async function seedWonCommissions(db: Db, size: ScaleSize): Promise<number> {
  const g = sql`g`;
  const placed = placedLeads(size).isPlaced(g);
  const paid = sql`${lead.updatedAt(g)} < now() - interval '60 days'`;
  return run(
    db,
    sql`insert into commissions (id, lead_id, partner_id, amount, rate, status, kind, basis, month, superseded_at, paid_at, created_at, lead_submitted_at)
    select ${uid('commission', g)}, ${lead.id(g)}, ${lead.submitter(g, size)}, round(${lead.value(g)} * 0.2, 2), 0.2000,
      case when ${placed} then 'cancelled' when ${paid} then 'paid' else 'pending' end, 'closed_won', ${lead.value(g)},
      date_trunc('month', ${lead.updatedAt(g)} at time zone 'Europe/London')::date,
      case when ${placed} then date_trunc('week', now()) - interval '12 weeks' end,
      case when not ${placed} and ${paid} then ${lead.updatedAt(g)} + interval '30 days' end,
      ${lead.updatedAt(g)}, ${lead.createdAt(g)}
    from generate_series(5, ${n(size.leads)}, 7) g
    order by ${lead.updatedAt(g)}`,
  );
}

/** Events: one per hundred members (at least five), half past and half to come. */
export const eventCount = (size: ScaleSize) => Math.max(5, Math.round(size.members / 100));
