import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { LeadStatus } from '../../common/constants/options.ts';
import { companyKey, contactDomain } from '../../common/rules/company-key.ts';
import { activityText } from '../../common/rules/pipeline.ts';
import { LEAD_COMMISSION_FIELDS, type LeadEdit } from '../../common/schemas/lead.ts';
import type { Db, Tx } from '../db/client.ts';
import { insertTogether } from '../db/batch.ts';
import { events, leadActivities, leads, users } from '../db/schema/index.ts';
import { eventScope } from '../policies/events.ts';
import { authorize } from '../policies/authorize.ts';
import { leadAdministratorsSql, leadPermission, leadScope } from '../policies/leads.ts';
import type { Actor } from '../policies/roles.ts';
import { auditInsert } from './audit.ts';
import { recordEvent } from './domain-events.ts';
import { submitterName } from './lead-list.ts';
import { memberNotificationInsert } from './notify.ts';

/**
 * The changes to a lead besides its status: its partner or an administrator corrects it, its partner withdraws it,
 * an administrator assigns it.
 * Each locks the lead's row within the actor's scope (404 outside it), asks the lead policy, and writes the change,
 * its timeline entry or notification, its audit entry and its fact in one transaction.
 */

/** A lead may name only an event its submitter can see; anything else is a field error, never a hint that it exists. */
export async function checkSourceEvent(tx: Tx, actor: Actor, eventId: string) {
  const [seen] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eventScope(actor)));
  if (!seen) throw new AppError('validation_failed', 'Choose an event from the list', { issues: [{ path: 'sourceEventId', message: 'Choose an event from the list' }] });
}

/** A member's full name, or null. */
export async function nameOfUser(tx: Tx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [u] = await tx
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, userId));
  return u?.name ?? null;
}

/** The lead's row locked for a change by the actor, within their scope (404 outside it), with its submitter's name. */
async function lockedLead(tx: Tx, actor: Actor, id: string) {
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), leadScope(actor)))
    .for('update');
  if (!lead) throw new AppError('not_found', 'Lead not found.');
  const [who] = await tx.select({ name: submitterName }).from(users).where(eq(users.id, lead.submitterId));
  return { lead, submitterName: who?.name ?? 'Deleted member' };
}

const EDITABLE_FIELDS = [
  'leadType',
  'estimatedValue',
  'companyName',
  'industry',
  'contactName',
  'contactEmail',
  'projectDescription',
  'urgency',
  'relationshipStrength',
  'sourceEventId',
] as const satisfies ReadonlyArray<keyof LeadEdit>;

const COMMISSION_FIELDS = new Set<string>(LEAD_COMMISSION_FIELDS);

/**
 * The lead's fields corrected, as the lead policy allows: by its partner while it is submitted or under review, by an
 * administrator in any status, and never, once it is won, the fields its commission was computed from (409 when an
 * edit would change one). Only the fields that change are written and audited (before and after); the timeline shows
 * "Lead details edited" either way. Nobody is notified, whichever side edits: the partner reads it on the timeline.
 */
export async function editLead(db: Db, actor: Actor, id: string, edit: LeadEdit, now: Date) {
  return db.transaction(async (tx) => {
    const { lead, submitterName: name } = await lockedLead(tx, actor, id);
    authorize(leadPermission(actor, 'edit', lead));
    if (edit.sourceEventId) await checkSourceEvent(tx, actor, edit.sourceEventId);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of EDITABLE_FIELDS) {
      const value = edit[field];
      if (value === undefined) continue;
      const old = lead[field] ?? null;
      const next = field === 'estimatedValue' ? value : (value ?? null);
      if (field === 'estimatedValue' ? Number(old) === Number(next) : old === next) continue;
      before[field] = old;
      after[field] = next;
    }
    const fields = Object.keys(after);
    if (fields.some((f) => COMMISSION_FIELDS.has(f))) authorize(leadPermission(actor, 'editCommissionFields', lead));
    if (!fields.length) return { lead: { ...lead, assigneeName: await nameOfUser(tx, lead.assignedTo) }, submitterName: name };
    const companyName = (after.companyName as string | undefined) ?? lead.companyName;
    const contactEmail = (after.contactEmail as string | undefined) ?? lead.contactEmail;
    const [updated] = await tx
      .update(leads)
      .set({ ...after, companyKey: companyKey(companyName), contactDomain: contactDomain(contactEmail), updatedAt: now })
      .where(eq(leads.id, id))
      .returning();
    await insertTogether(tx, [
      tx.insert(leadActivities).values({ leadId: id, userId: actor.id, kind: 'edited', activity: activityText('edited', null, null), createdAt: now }),
      auditInsert(tx, { actorId: actor.id, action: 'lead.edit', entityType: 'lead', entityId: id, before, after, at: now }),
    ]);
    await recordEvent(tx, 'lead.edited', { leadId: id, submitterId: lead.submitterId, fields }, { entityId: id, actorId: actor.id, at: now });
    return { lead: { ...updated, assigneeName: await nameOfUser(tx, updated.assignedTo) }, submitterName: name };
  });
}

/**
 * The lead's partner withdraws it while it is not closed: it becomes closed-lost (so every rule about open leads,
 * duplicates and commissions holds as for any lost lead) with when and why it was withdrawn. A timeline entry, the
 * audit, and the administrator who owns it is told. Closed leads answer 409; an administrator gets 403.
 */
export async function withdrawLead(db: Db, actor: Actor, id: string, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    const { lead, submitterName: name } = await lockedLead(tx, actor, id);
    authorize(leadPermission(actor, 'withdraw', lead));
    const from = lead.status as LeadStatus;
    const to: LeadStatus = 'closed-lost';
    const [updated] = await tx.update(leads).set({ status: to, withdrawnAt: now, withdrawnReason: reason, updatedAt: now }).where(eq(leads.id, id)).returning();
    await insertTogether(tx, [
      tx.insert(leadActivities).values({
        leadId: id,
        userId: actor.id,
        kind: 'withdrawn',
        fromStatus: from,
        toStatus: to,
        activity: activityText('withdrawn', from, to),
        notes: reason,
        createdAt: now,
      }),
      lead.assignedTo
        ? memberNotificationInsert(
            tx,
            lead.assignedTo,
            'lead_status',
            { leadId: id, companyName: lead.companyName, from, to, activity: activityText('withdrawn', from, to), withdrawn: { partnerName: name, reason } },
            { entity: { type: 'lead', id }, at: now, actorId: actor.id },
          )
        : null,
      auditInsert(tx, {
        actorId: actor.id,
        action: 'lead.withdraw',
        entityType: 'lead',
        entityId: id,
        before: { status: from },
        after: { status: to, withdrawnReason: reason },
        at: now,
      }),
    ]);
    await recordEvent(
      tx,
      'lead.status_changed',
      { leadId: id, submitterId: lead.submitterId, fromStatus: from, toStatus: to },
      { entityId: id, actorId: actor.id, at: now },
    );
    await recordEvent(tx, 'lead.withdrawn', { leadId: id, submitterId: lead.submitterId, fromStatus: from }, { entityId: id, actorId: actor.id, at: now });
    return { lead: { ...updated, assigneeName: await nameOfUser(tx, updated.assignedTo) }, submitterName: name };
  });
}

/**
 * An administrator names the administrator who owns a lead, or nobody (null). Anyone else (a partner, an inactive
 * or unknown account) is a 400. The new owner is told, unless they assigned it to themselves; the audit records both.
 */
export async function assignLead(db: Db, actor: Actor, id: string, userId: string | null, now: Date) {
  return db.transaction(async (tx) => {
    const { lead, submitterName: name } = await lockedLead(tx, actor, id);
    authorize(leadPermission(actor, 'assign', lead));
    let assigneeName: string | null = null;
    if (userId) {
      const [admin] = await tx
        .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
        .from(users)
        .where(and(eq(users.id, userId), leadAdministratorsSql()));
      if (!admin)
        throw new AppError('validation_failed', 'A lead can only be assigned to an administrator.', {
          issues: [{ path: 'userId', message: 'A lead can only be assigned to an administrator.' }],
        });
      assigneeName = admin.name;
    }
    if (lead.assignedTo === userId) return { lead: { ...lead, assigneeName }, submitterName: name };
    const previousName = await nameOfUser(tx, lead.assignedTo);
    const [updated] = await tx.update(leads).set({ assignedTo: userId, updatedAt: now }).where(eq(leads.id, id)).returning();
    await insertTogether(tx, [
      userId
        ? memberNotificationInsert(
            tx,
            userId,
            'lead_assigned',
            { leadId: id, companyName: lead.companyName, assignerName: (await nameOfUser(tx, actor.id)) ?? 'An administrator' },
            { entity: { type: 'lead', id }, at: now, actorId: actor.id },
          )
        : null,
      auditInsert(tx, {
        actorId: actor.id,
        action: 'lead.assign',
        entityType: 'lead',
        entityId: id,
        before: { assignedTo: previousName },
        after: { assignedTo: assigneeName },
        at: now,
      }),
    ]);
    await recordEvent(tx, 'lead.assigned', { leadId: id, assignedTo: userId, previous: lead.assignedTo }, { entityId: id, actorId: actor.id, at: now });
    return { lead: { ...updated, assigneeName }, submitterName: name };
  });
}
