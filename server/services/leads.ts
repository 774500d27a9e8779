import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { LeadStatus } from '../../common/constants/options.ts';
import { companyKey, contactDomain } from '../../common/rules/company-key.ts';
import { wonPoints } from '../../common/rules/points.ts';
import { activityText, type LeadActivityKind } from '../../common/rules/pipeline.ts';
import type { LeadData, LeadStatusChange } from '../../common/schemas/lead.ts';
import { pageOffset, type PageQuery } from '../../common/schemas/page.ts';
import type { Db, Tx } from '../db/client.ts';
import { insertTogether } from '../db/batch.ts';
import { leadActivities, leads, users } from '../db/schema/index.ts';
import { authorize } from '../policies/authorize.ts';
import { leadPermission, leadScope } from '../policies/leads.ts';
import type { Actor } from '../policies/roles.ts';
import { memberNotificationInsert } from './notify.ts';
import { auditInsert, recordAudit } from './audit.ts';
import { cancelUnpaidCommission, createCommissionForWonLead } from './commissions.ts';
import { awardPoints, checkAchievements } from './gamification.ts';
import { toPence } from '../../common/rules/money.ts';
import { recordEvent } from './domain-events.ts';
import { assigneeName, submitterName } from './lead-list.ts';
import { checkSourceEvent, nameOfUser } from './lead-changes.ts';
import { writeLeadComment } from './lead-comments.ts';

export { listLeads, type LeadListQuery } from './lead-list.ts';
export { assignLead, editLead, withdrawLead } from './lead-changes.ts';

/** A single lead the actor may see, or a 404 (never a 403 that would confirm it exists). */
export async function getVisibleLead(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select({ lead: leads, submitterName, assigneeName })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.submitterId))
    .where(and(eq(leads.id, id), leadScope(actor)));
  if (!row) throw new AppError('not_found', 'Lead not found.');
  return { ...row, lead: { ...row.lead, assigneeName: row.assigneeName } };
}

/** Records a partner's referral and its first timeline entry. */
export async function createLead(db: Db, actor: Actor, data: LeadData, now: Date) {
  return db.transaction(async (tx) => {
    if (data.sourceEventId) await checkSourceEvent(tx, actor, data.sourceEventId);
    const [lead] = await tx
      .insert(leads)
      .values({
        ...data,
        sourceEventId: data.sourceEventId ?? null,
        submitterId: actor.id,
        companyKey: companyKey(data.companyName),
        contactDomain: contactDomain(data.contactEmail),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(leadActivities)
      .values({ leadId: lead.id, userId: actor.id, kind: 'submitted', toStatus: 'submitted', activity: activityText('submitted', null, 'submitted'), createdAt: now });
    await awardPoints(tx, { userId: actor.id, activity: 'lead_submitted', referenceId: lead.id, reason: `Lead submitted: ${lead.companyName}` }, now);
    await checkAchievements(tx, actor.id, ['leads_submitted'], now);
    await recordEvent(
      tx,
      'lead.created',
      { leadId: lead.id, submitterId: lead.submitterId, status: lead.status as LeadStatus, estimatedValue: lead.estimatedValue, sourceEventId: lead.sourceEventId },
      { entityId: lead.id, actorId: actor.id, at: now },
    );
    return lead;
  });
}

/** Whether a company or contact domain is already in the open pipeline (no details of whose lead it is). */
export async function checkDuplicate(db: Db, companyName?: string, email?: string) {
  const key = companyName ? companyKey(companyName) : '';
  const domain = email ? contactDomain(email) : '';
  // written out, so the partial indexes of open leads (migration 0032) answer it
  const open = sql`${leads.status} not in ('closed-won', 'closed-lost')`;
  const [company] = key
    ? await db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.companyKey, key), open))
        .limit(1)
    : [];
  const [dom] = domain
    ? await db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.contactDomain, domain), sql`${leads.contactDomain} <> ''`, open))
        .limit(1)
    : [];
  return { companyMatch: !!company, domainMatch: !!dom };
}

/**
 * An admin sets a lead's status. In one transaction: the lead, a timeline entry, a notification for the submitter,
 * the commission when it becomes closed-won (or its cancellation when it leaves), the audit. Notes, when given, are
 * written as a message in the lead's discussion (an internal note with `notesInternal`, seen by administrators
 * only); an internal note alone, with the stage kept, tells the partner nothing and leaves no timeline entry.
 */
export async function updateLeadStatus(db: Db, actor: Actor, id: string, change: LeadStatusChange, now: Date) {
  return db.transaction(async (tx) => {
    if (change.sourceEventId) await checkSourceEvent(tx, actor, change.sourceEventId);
    // Lock the submitter's row before anything else: every write below that references them takes a key-share
    // lock on it, so locking it later would deadlock two admins closing leads of the same partner at once.
    // One statement finds the lead within the actor's scope and locks its submitter.
    const [owner] = await tx
      .select({ submitterId: users.id, submitterName })
      .from(users)
      .where(
        inArray(
          users.id,
          tx
            .select({ id: leads.submitterId })
            .from(leads)
            .where(and(eq(leads.id, id), leadScope(actor))),
        ),
      )
      .for('no key update');
    if (!owner) throw new AppError('not_found', 'Lead not found.');
    authorize(leadPermission(actor, 'update', owner));
    // the lead's row is locked and updated in one statement that also answers its values from before
    const old = tx.select({ id: leads.id, status: leads.status, sourceEventId: leads.sourceEventId }).from(leads).where(eq(leads.id, id)).for('update').as('old');
    const [updated] = await tx
      .update(leads)
      .set({
        status: change.status,
        // a withdrawn lead an administrator reopens is no longer withdrawn
        ...(change.status !== 'closed-lost' ? { withdrawnAt: null, withdrawnReason: null } : {}),
        ...(change.sourceEventId !== undefined ? { sourceEventId: change.sourceEventId } : {}),
        updatedAt: now,
      })
      .from(old)
      .where(eq(leads.id, old.id))
      .returning({
        lead: getTableColumns(leads),
        fromStatus: sql<string>`${old.status}`,
        fromSourceEventId: sql<string | null>`${old.sourceEventId}`,
      });
    if (!updated) throw new AppError('not_found', 'Lead not found.');
    const after = updated.lead;
    const before = { ...after, status: updated.fromStatus };
    const from = before.status as LeadStatus;
    const to = change.status;
    const notes = change.notes?.trim() || '';
    const internal = !!notes && !!change.notesInternal;
    const sharedNotes = !!notes && !internal;
    const eventChanged = change.sourceEventId !== undefined && change.sourceEventId !== updated.fromSourceEventId;
    const kind: LeadActivityKind = from !== to ? 'status_changed' : sharedNotes ? 'notes_updated' : 'reviewed';
    // an internal note alone is nothing the partner is told of: no timeline entry, no notification
    const partnerHears = from !== to || sharedNotes || eventChanged || !internal;
    const moved = kind === 'status_changed' ? { fromStatus: from, toStatus: to } : {};
    const activity = activityText(kind, from, to);
    if (to === 'closed-won' && from !== 'closed-won') await createCommissionForWonLead(tx, after, now);
    if (from === 'closed-won' && to !== 'closed-won') await cancelUnpaidCommission(tx, id);
    await rewardMilestones(tx, after, from, to, now);
    if (notes) {
      // the partner hears of the status change below; a shared note in the same act is not told twice
      await writeLeadComment(
        tx,
        actor,
        { id, submitterId: before.submitterId, status: to, companyName: after.companyName, assignedTo: after.assignedTo },
        { content: notes, internal },
        now,
        { quiet: partnerHears },
      );
    }
    // the timeline entry, the submitter's notification and the audit row go together in one statement
    await insertTogether(tx, [
      // the timeline keeps the notes the partner may read; an internal note never reaches it
      partnerHears
        ? tx.insert(leadActivities).values({ leadId: id, userId: actor.id, kind, ...moved, activity, notes: sharedNotes ? notes : null, createdAt: now })
        : null,
      partnerHears
        ? memberNotificationInsert(
            tx,
            before.submitterId,
            'lead_status',
            { leadId: id, companyName: before.companyName, from, to, activity },
            { entity: { type: 'lead', id }, at: now, actorId: actor.id },
          )
        : null,
      auditInsert(tx, {
        actorId: actor.id,
        action: 'lead.update',
        entityType: 'lead',
        entityId: id,
        before: { status: from, ...(change.sourceEventId !== undefined ? { sourceEventId: updated.fromSourceEventId } : {}) },
        after: {
          status: to,
          ...(notes ? { notes, notesInternal: internal } : {}),
          ...(change.sourceEventId !== undefined ? { sourceEventId: after.sourceEventId } : {}),
        },
        at: now,
      }),
    ]);
    if (from !== to) {
      await recordEvent(
        tx,
        'lead.status_changed',
        { leadId: id, submitterId: before.submitterId, fromStatus: from, toStatus: to },
        { entityId: id, actorId: actor.id, at: now },
      );
    } else {
      await recordEvent(
        tx,
        'lead.updated',
        { leadId: id, submitterId: before.submitterId, status: to, notesChanged: !!notes },
        { entityId: id, actorId: actor.id, at: now },
      );
    }
    return { lead: { ...after, assigneeName: await nameOfUser(tx, after.assignedTo) }, submitterName: owner.submitterName };
  });
}

/**
 * The submitter's points for the lead's milestones: qualified (reached by any later stage too) and won, each once
 * per lead whatever way the status moves afterwards (the point transaction is unique per lead and milestone).
 */
async function rewardMilestones(tx: Tx, lead: typeof leads.$inferSelect, from: LeadStatus, to: LeadStatus, now: Date) {
  if (from === to) return;
  const who = lead.submitterId;
  if (QUALIFIED_OR_BEYOND.has(to)) {
    await awardPoints(tx, { userId: who, activity: 'lead_qualified', referenceId: lead.id, reason: `Lead qualified: ${lead.companyName}` }, now);
  }
  if (to === 'closed-won') {
    const points = wonPoints(toPence(lead.estimatedValue));
    await awardPoints(tx, { userId: who, activity: 'lead_won', referenceId: lead.id, points, reason: `Deal won: ${lead.companyName}` }, now);
    await checkAchievements(tx, who, ['leads_won'], now);
  }
}
const QUALIFIED_OR_BEYOND = new Set<LeadStatus>(['qualified', 'in-progress', 'closed-won']);

/** Removes a lead with its activities and commissions (cascade), and audits it. */
export async function deleteLead(db: Db, actor: Actor, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ submitterId: leads.submitterId })
      .from(leads)
      .where(and(eq(leads.id, id), leadScope(actor)));
    if (!seen) throw new AppError('not_found', 'Lead not found.');
    authorize(leadPermission(actor, 'delete', seen));
    const [gone] = await tx
      .delete(leads)
      .where(and(eq(leads.id, id), leadScope(actor)))
      .returning();
    if (!gone) throw new AppError('not_found', 'Lead not found.');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'lead.delete',
      entityType: 'lead',
      entityId: id,
      before: { companyName: gone.companyName, status: gone.status, submitterId: gone.submitterId, estimatedValue: gone.estimatedValue },
      after: null,
    });
    await recordEvent(tx, 'lead.deleted', { leadId: id, submitterId: gone.submitterId, status: gone.status as LeadStatus }, { entityId: id, actorId: actor.id, at: now });
  });
}

/** One page of the timeline of a lead the actor may see, oldest first. */
export async function listActivities(db: Db, actor: Actor, leadId: string, q: PageQuery) {
  await getVisibleLead(db, actor, leadId);
  const where = eq(leadActivities.leadId, leadId);
  const [rows, [{ total }]] = await Promise.all([listActivityRows(db, where, q), db.select({ total: count() }).from(leadActivities).where(where)]);
  return { rows, total };
}

function listActivityRows(db: Db, where: SQL, q: PageQuery) {
  return db
    .select({
      id: leadActivities.id,
      leadId: leadActivities.leadId,
      kind: leadActivities.kind,
      fromStatus: leadActivities.fromStatus,
      toStatus: leadActivities.toStatus,
      notes: leadActivities.notes,
      createdAt: leadActivities.createdAt,
      userName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(leadActivities)
    .leftJoin(users, eq(users.id, leadActivities.userId))
    .where(where)
    .orderBy(leadActivities.createdAt, leadActivities.id)
    .limit(q.pageSize)
    .offset(pageOffset(q));
}
