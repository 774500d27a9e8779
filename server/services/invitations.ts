import { sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { LIMITS } from '../../common/constants/limits.ts';
import type { z } from 'zod';
import type { InvitationResult, invitationSchema } from '../../common/schemas/password-reset.ts';
import { memberApplications, users } from '../db/schema/index.ts';
import { NEW_MEMBER_ROLE, type Actor } from '../policies/roles.ts';
import { canInviteMembers } from '../policies/users.ts';
import { recordAudit } from './audit.ts';
import { NO_LINK_ORIGIN, sendInvitationEmail, type ResetDeps } from './password-reset.ts';
import { admitAttempt } from './rate-limit.ts';

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const INVITES_THROTTLED = 'Too many invitations sent. Please try again later.';

/** Invitations one administrator may send within an hour. */
export const INVITES_PER_HOUR = 20;

const emailTaken = () => new AppError('conflict', EMAIL_TAKEN, { issues: [{ path: 'email', message: EMAIL_TAKEN }] });

/** Which unique index a database error broke, if it was a unique violation (Drizzle wraps the driver's error in `cause`). */
function violatedIndex(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === '23505') return e.constraint ?? '';
  if (e?.cause?.code === '23505') return e.cause.constraint ?? '';
  return null;
}

/**
 * The username an invitation proposes: the address's part before the @, reduced to the characters a username may
 * have, at least 3 and at most 30 long with room for a number that makes it unique.
 */
export function usernameBase(email: string): string {
  const local = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '');
  const trimmed = local.replace(/^[._-]+|[._-]+$/g, '').slice(0, LIMITS.username.max - 4);
  return trimmed.length >= LIMITS.username.min ? trimmed : `${trimmed || 'member'}${trimmed ? '-member' : ''}`.slice(0, LIMITS.username.max - 4);
}

/** The first of base, base2, base3… no account has (compared without letter case). */
async function freeUsername(db: ResetDeps['db'], base: string): Promise<string> {
  const rows = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const taken = new Set(rows.map((r) => r.username));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * An administrator invites someone: an approved, active partner account is created with no password (nobody
 * can sign in to it yet) and a unique username made from the address, and the invitation e-mail carries a link
 * to choose the password (the reset page, worded for an invitation). The address counts as verified only once
 * the link is used. Limited per administrator; a taken address is refused with 409; audited.
 */
export async function inviteMember(
  deps: ResetDeps,
  actor: Actor & { firstName: string; lastName: string },
  input: z.output<typeof invitationSchema>,
  origin: string | null,
): Promise<InvitationResult> {
  const { db } = deps;
  const now = deps.now();
  if (!canInviteMembers(actor)) throw new AppError('forbidden', 'Administrator access is required.');
  if (!origin) throw new AppError('unavailable', NO_LINK_ORIGIN);
  const admission = await admitAttempt(db, [{ key: `invite-admin:${actor.id}`, max: INVITES_PER_HOUR, windowMs: 3_600_000 }], now);
  if (!admission.admitted) throw new AppError('rate_limited', INVITES_THROTTLED, { headers: { 'Retry-After': String(admission.retryAfter) } });
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .limit(1);
  if (existing) throw emailTaken();
  const base = usernameBase(input.email);
  // a username taken between the look-up and the insert (another invitation, a registration) is tried again
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = await freeUsername(db, base);
    try {
      const user = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username,
            password: null,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            role: NEW_MEMBER_ROLE,
            isActive: true,
            accountStatus: 'approved',
            authProvider: 'local',
            appliedAt: now,
            approvedAt: now,
            approvedBy: actor.id,
            createdAt: now,
          })
          .returning();
        await tx.insert(memberApplications).values({ userId: row.id, reviewedBy: actor.id, reviewedAt: now, createdAt: now });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.invite',
          entityType: 'user',
          entityId: row.id,
          after: { role: NEW_MEMBER_ROLE, accountStatus: 'approved' },
          at: now,
        });
        return row;
      });
      await sendInvitationEmail(deps, origin, { ...user, username }, `${actor.firstName} ${actor.lastName}`);
      return { id: user.id, username, email: user.email, firstName: user.firstName, lastName: user.lastName };
    } catch (err) {
      const index = violatedIndex(err);
      if (index === null) throw err;
      if (index.includes('username')) continue;
      throw emailTaken();
    }
  }
  throw new AppError('conflict', 'Could not choose a username for this member. Please try again.');
}
