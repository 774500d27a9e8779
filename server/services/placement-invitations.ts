import { eq, sql } from 'drizzle-orm';
import { PLACEMENT_INVITATION_LIMIT, PLACEMENT_INVITATION_MESSAGES as IM, PLACEMENT_LEAD_TYPES, TIMESHEET_MESSAGES as M } from '../../common/constants/timesheets.ts';
import { AppError } from '../../common/errors.ts';
import type { PlacementInvitationData } from '../../common/schemas/timesheets.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { leads, users } from '../db/schema/index.ts';
import type { Mailer } from '../plugins/mailer.ts';
import { authorize } from '../policies/authorize.ts';
import type { Actor } from '../policies/roles.ts';
import { placementPermission } from '../policies/timesheets.ts';
import { recordAudit } from './audit.ts';
import { admitAttempt } from './rate-limit.ts';

/**
 * An administrator invites a lead's client contact who is not a member yet to apply for membership, so they can
 * later be chosen as the client of a placement on that lead. The lead must be a closed-won interim or recruitment
 * lead (404 when there is none, 409 otherwise); an address that already has an account is refused (409) with what
 * to do instead. Limited per administrator (counted in the database, shared by every instance), audited as
 * `placement.invite_client`. The e-mail links to the application page (`/register`); nothing is stored for the
 * invitee: their application is reviewed like any other.
 */

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'brandName'>;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export async function inviteClient(deps: InvitationDeps, actor: Actor, data: PlacementInvitationData, origin: string | null, now: Date): Promise<{ invited: true }> {
  authorize(placementPermission(actor, 'inviteClient'));
  const { db } = deps;
  const [lead] = await db.select({ status: leads.status, leadType: leads.leadType, companyName: leads.companyName }).from(leads).where(eq(leads.id, data.leadId));
  if (!lead) throw new AppError('not_found', M.leadNotFound);
  if (lead.status !== 'closed-won') throw new AppError('conflict', M.leadNotWon);
  if (!(PLACEMENT_LEAD_TYPES as readonly string[]).includes(lead.leadType)) throw new AppError('conflict', M.leadWrongType);

  const [existing] = await db
    .select({
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      accountStatus: users.accountStatus,
      isActive: users.isActive,
      removedAt: users.removedAt,
      anonymisedAt: users.anonymisedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${data.email.toLowerCase()}`)
    .limit(1);
  if (existing) {
    const closed = !existing.isActive || existing.removedAt || existing.anonymisedAt;
    if (closed || existing.accountStatus === 'rejected') throw new AppError('conflict', IM.accountClosed);
    if (existing.accountStatus === 'pending') throw new AppError('conflict', IM.alreadyApplied(existing.name));
    throw new AppError('conflict', IM.alreadyMember(existing.name));
  }

  const admission = await admitAttempt(db, [{ key: `placement-invite:${actor.id}`, ...PLACEMENT_INVITATION_LIMIT }], now);
  if (!admission.admitted) throw new AppError('rate_limited', IM.rateLimited, { headers: { 'Retry-After': String(admission.retryAfter) } });

  const [inviter] = await db
    .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(eq(users.id, actor.id));
  const brand = deps.config.brandName;
  const company = oneLine(lead.companyName);
  const apply = origin
    ? `Apply here, with this e-mail address: ${origin}/register`
    : `Apply on the ${brand} website's membership application page, with this e-mail address.`;
  const { ok } = await deps.mailer.send({
    to: data.email,
    subject: oneLine(`${brand}: you are invited to join as the client contact for ${company}`).slice(0, 200),
    text:
      `Dear ${oneLine(data.firstName)},\n\n` +
      `${oneLine(inviter?.name ?? 'Our team')} of ${brand} invites you to apply for membership as the client contact for ${company}. ` +
      `As a member you will approve the timesheets of the contractor placed with ${company}.\n\n` +
      `${apply}\n\n` +
      `Every application is reviewed by our membership team; once it is approved, we will add you to the placement.\n\n` +
      `The ${brand} team`,
  });
  if (!ok) throw new AppError('unavailable', IM.notSent);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'placement.invite_client',
    entityType: 'lead',
    entityId: data.leadId,
    after: { email: data.email, firstName: data.firstName, lastName: data.lastName },
    at: now,
  });
  return { invited: true };
}
