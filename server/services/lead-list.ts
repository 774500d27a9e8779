import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { LeadStatus } from '../../common/constants/options.ts';
import type { PageQuery } from '../../common/schemas/page.ts';
import { cappedCount } from '../db/capped-count.ts';
import type { Db } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { leadStatusTotals, leads, users } from '../db/schema/index.ts';
import { keyAt, keysetArray, keysetColumns, keysetCondition, keysetOrderBy, readKeysetPage, type KeyOrder, type KeysetPlan } from '../lib/keyset.ts';
import { leadAbilities, leadScope, seesAllLeads } from '../policies/leads.ts';
import type { Actor } from '../policies/roles.ts';
import type { PresentedLeadRow } from '../presenters/lead.ts';

/** The submitter's full name, as lead rows are shown with it. */
export const submitterName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** The full name of the administrator who owns a lead (one primary-key lookup), or null with no owner. */
export const assigneeName = sql<string | null>`(select a.first_name || ' ' || a.last_name from ${users} a where a.id = ${leads.assignedTo})`;

/**
 * Another open lead (not this one) with the same company key or contact domain. Two separate lookups, each read from
 * its partial index of open leads (migration 0032) and stopping at the first other match.
 */
const duplicateFlag = sql<boolean>`(
  exists (
    select 1 from ${leads} d
    where d.company_key = ${leads.companyKey} and d.status not in ('closed-won', 'closed-lost') and d.id <> ${leads.id}
  )
  or (${leads.contactDomain} <> '' and exists (
    select 1 from ${leads} d
    where d.contact_domain = ${leads.contactDomain} and d.contact_domain <> '' and d.status not in ('closed-won', 'closed-lost') and d.id <> ${leads.id}
  ))
)`;

/** The lead columns a lead is presented with, selected flat (Drizzle maps a flat row at about half the cost of a nested one). */
const presentedColumns = {
  id: leads.id,
  submitterId: leads.submitterId,
  leadType: leads.leadType,
  companyName: leads.companyName,
  industry: leads.industry,
  contactName: leads.contactName,
  contactEmail: leads.contactEmail,
  projectDescription: leads.projectDescription,
  estimatedValue: leads.estimatedValue,
  urgency: leads.urgency,
  relationshipStrength: leads.relationshipStrength,
  status: leads.status,
  notes: leads.notes,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
  sourceEventId: leads.sourceEventId,
  assignedTo: leads.assignedTo,
  withdrawnAt: leads.withdrawnAt,
  withdrawnReason: leads.withdrawnReason,
  assigneeName,
};

export interface LeadListQuery extends PageQuery {
  search?: string;
  status?: LeadStatus;
  /** `me`: an administrator's own leads (those assigned to them); ignored for anyone who does not see every lead. */
  assigned?: 'me';
}

/** The filters of a lead list or export, within the actor's scope. */
export function leadFilters(actor: Actor, q: Pick<LeadListQuery, 'search' | 'status' | 'assigned'>) {
  const mine = q.assigned === 'me' && seesAllLeads(actor);
  return and(
    leadScope(actor),
    q.status ? eq(leads.status, q.status) : undefined,
    q.search ? searchCondition(q.search) : undefined,
    mine ? eq(leads.assignedTo, actor.id) : undefined,
  );
}

/** Lead lists run newest first; `leads_created_id_idx` and `leads_submitter_created_id_idx` hold this order. */
const LEAD_ORDER: KeyOrder = [
  { expr: leads.createdAt, desc: true },
  { expr: leads.id, desc: true },
];

/**
 * One page of the leads an actor may see, newest first, with the total for the heading and the cursors either
 * side (a page reached by cursor costs the same wherever it is in the list).
 */
export async function listLeads(db: Db, actor: Actor, q: LeadListQuery) {
  const filters = leadFilters(actor, q);
  // an administrator's own leads are read from `leads_assigned_created_id_idx`, counted like a search
  const mine = q.assigned === 'me' && seesAllLeads(actor);
  const seek = async (offset: number) => {
    const rows = await db
      .select({ k: keysetArray(LEAD_ORDER) })
      .from(leads)
      .where(filters)
      .orderBy(...keysetOrderBy(LEAD_ORDER, 'first'))
      .limit(1)
      .offset(offset);
    return keyAt(rows);
  };
  if (!q.search && !mine) {
    const page = await readKeysetPage(LEAD_ORDER, q, (plan) => listLeadsPrepared(db, actor, q, plan), seek);
    // a page past the end has no row to carry the total: count it on its own (rare)
    const total = page.rows.length ? page.rows[0].total : q.page > 1 || q.after || q.before ? await countLeads(db, actor, q.status) : 0;
    return { ...page, rows: page.rows as LeadListRow[], total, totalCapped: undefined };
  }
  const flagged = leadAbilities(actor, { submitterId: '' }).seeDuplicateFlag;
  const [page, { total, totalCapped }] = await Promise.all([
    readKeysetPage(
      LEAD_ORDER,
      q,
      (plan) =>
        db
          .select({ ...presentedColumns, submitterName, ...(flagged ? { possibleDuplicate: duplicateFlag } : {}), ...keysetColumns(LEAD_ORDER) })
          .from(leads)
          .innerJoin(users, eq(users.id, leads.submitterId))
          .where(and(filters, plan.where))
          .orderBy(...plan.orderBy)
          .limit(plan.limit)
          .offset(plan.offset),
      seek,
    ),
    // a search counts its matches up to the cap: one matching most leads would otherwise read them all
    cappedCount(db, db.select({ id: leads.id }).from(leads).where(filters).$dynamic()),
  ]);
  return { ...page, rows: page.rows as LeadListRow[], total, totalCapped };
}

type LeadListRow = PresentedLeadRow & { submitterName: string; possibleDuplicate?: boolean; assigneeName: string | null };

/** Any of the three fields contains the text, in any case; each has a trigram index (migration 0029). */
function searchCondition(search: string) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(leads.companyName, pattern), ilike(leads.industry, pattern), ilike(leads.contactName, pattern));
}

/**
 * The list without a search, which is nearly every request: one prepared statement per shape (own or every
 * lead, with or without a status, from the start or either side of a cursor) answers the page and its total
 * together. The total of every lead comes from the trigger-kept `lead_status_totals`, never from counting them.
 */
function listLeadsPrepared(db: Db, actor: Actor, q: LeadListQuery, plan: KeysetPlan) {
  const all = seesAllLeads(actor);
  const byStatus = !!q.status;
  // the duplicate flag is part of what some actors are shown (the lead policy says who)
  const flagged = leadAbilities(actor, { submitterId: '' }).seeDuplicateFlag;
  const name = `leads_page_${all ? 'all' : 'own'}${byStatus ? '_status' : ''}${flagged ? '_flagged' : ''}_${plan.mode}${plan.offset ? '_offset' : ''}`;
  const statement = prepared(db, name, () => {
    const scope = all ? undefined : eq(leads.submitterId, sql.placeholder('actorId'));
    const status = byStatus ? eq(leads.status, sql.placeholder('status')) : undefined;
    const position = plan.mode === 'first' ? undefined : keysetCondition(LEAD_ORDER, plan.mode, [sql.placeholder('k0'), sql.placeholder('k1')]);
    const total = all
      ? sql<number>`(select coalesce(sum(t.n), 0) from ${leadStatusTotals} t ${byStatus ? sql`where t.status = ${sql.placeholder('status')}` : sql``})`
      : sql<number>`(select count(*) from ${leads} c where c.submitter_id = ${sql.placeholder('actorId')} ${byStatus ? sql`and c.status = ${sql.placeholder('status')}` : sql``})`;
    const query = db
      .select({
        ...presentedColumns,
        submitterName,
        ...(flagged ? { possibleDuplicate: duplicateFlag } : {}),
        total: total.mapWith(Number),
        ...keysetColumns(LEAD_ORDER),
      })
      .from(leads)
      .innerJoin(users, eq(users.id, leads.submitterId))
      .where(and(scope, status, position))
      .orderBy(...keysetOrderBy(LEAD_ORDER, plan.mode))
      .limit(sql.placeholder('limit'))
      .$dynamic();
    return plan.offset ? query.offset(sql.placeholder('offset')) : query;
  });
  return statement.execute({ actorId: actor.id, status: q.status, limit: plan.limit, offset: plan.offset, k0: plan.values[0], k1: plan.values[1] });
}

async function countLeads(db: Db, actor: Actor, status?: LeadStatus) {
  if (seesAllLeads(actor)) return (await countFromTotals(db, status))[0].total;
  const [{ total }] = await db
    .select({ total: count() })
    .from(leads)
    .where(and(leadScope(actor), status ? eq(leads.status, status) : undefined));
  return total;
}

function countFromTotals(db: Db, status?: LeadStatus) {
  return db
    .select({ total: sql<number>`coalesce(sum(${leadStatusTotals.n}), 0)`.mapWith(Number) })
    .from(leadStatusTotals)
    .where(status ? eq(leadStatusTotals.status, status) : undefined);
}
