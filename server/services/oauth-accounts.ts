import { recordEvent } from './domain-events.ts';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import type { Db } from '../db/client.ts';
import { memberApplications, users } from '../db/schema/index.ts';
import { forgetUser } from '../plugins/session.ts';
import { NEW_MEMBER_ROLE } from '../policies/roles.ts';
import { OidcSignInError, type OAuthProvider, type OidcIdentity } from './oauth.ts';

export type UserRow = typeof users.$inferSelect;

/** The users column that holds this provider's subject. */
function idColumn(provider: OAuthProvider) {
  return provider === 'google' ? users.googleId : users.appleId;
}

/**
 * The account a provider sign-in reaches: the one already linked to this identity; else, when the provider
 * vouches for the e-mail address AND the local account with that address has proved it too, that account
 * (linked now); else a new pending applicant. A provider that has not verified the address never creates or
 * links an account, and an account whose owner never proved the address is linked only from Profile Settings
 * after signing in with its password: otherwise whoever registered someone else's address first would share
 * the account with its real owner.
 */
export async function accountForIdentity(db: Db, identity: OidcIdentity, now: Date): Promise<{ user: UserRow; outcome: 'signed-in' | 'linked' | 'created' }> {
  const linked = await findByProviderId(db, identity);
  if (linked) return { user: assertActive(linked), outcome: 'signed-in' };
  if (!identity.email) throw new OidcSignInError('no e-mail in ID token');
  if (!identity.emailVerified) throw new OidcSignInError('e-mail not verified by the provider', 'oauth-email-unverified');
  const [sameEmail] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${identity.email}`)
    .limit(1);
  if (sameEmail) {
    assertActive(sameEmail);
    if (!sameEmail.emailVerifiedAt) throw new OidcSignInError('the local account has not verified this e-mail', `${identity.provider}-link-required`);
    return { user: await linkIdentity(db, sameEmail.id, identity), outcome: 'linked' };
  }
  return { user: await createOidcApplicant(db, identity, now), outcome: 'created' };
}

/**
 * Links the identity to the signed-in user who started the flow from Profile Settings (they proved their
 * password by signing in, and the provider account by completing its flow). Refused when the identity already
 * belongs to someone else, or the account already has another identity of this provider.
 */
export async function linkToSignedInUser(db: Db, userId: string, identity: OidcIdentity): Promise<UserRow> {
  const owner = await findByProviderId(db, identity);
  if (owner?.id === userId) return owner;
  if (owner) throw new OidcSignInError('identity already linked to another account', 'link-taken');
  return linkIdentity(db, userId, identity);
}

/**
 * Checks that a fresh provider sign-in is the identity already linked to this account (a confirmation of who is at
 * the keyboard): any other provider account, even one with the same e-mail address, proves nothing.
 */
export async function confirmLinkedIdentity(db: Db, userId: string, identity: OidcIdentity): Promise<void> {
  const owner = await findByProviderId(db, identity);
  if (owner?.id !== userId) throw new OidcSignInError('the provider identity is not the one linked to this account', 'reauth-failed');
  assertActive(owner);
}

async function findByProviderId(db: Db, identity: OidcIdentity): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(idColumn(identity.provider), identity.sub))
    .limit(1);
  return user;
}

/** A deactivated (or removed) account is never signed in, whichever way it is reached. */
function assertActive(user: UserRow): UserRow {
  if (!user.isActive) throw new OidcSignInError('account deactivated');
  return user;
}

/** Sets the provider id on an account that has none for this provider (a concurrent link loses on the unique index). */
async function linkIdentity(db: Db, userId: string, identity: OidcIdentity): Promise<UserRow> {
  const column = idColumn(identity.provider);
  let updated: UserRow | undefined;
  try {
    [updated] = await db
      .update(users)
      .set(identity.provider === 'google' ? { googleId: identity.sub } : { appleId: identity.sub })
      .where(sql`${users.id} = ${userId} and ${column} is null`)
      .returning();
  } catch {
    throw new OidcSignInError('identity linked to another account meanwhile', 'link-taken');
  }
  if (!updated) throw new OidcSignInError('account already linked to another identity of this provider', 'link-conflict');
  forgetUser(db, userId);
  return updated;
}

/** A new applicant from the ID token: pending partner, no password or username, the provider-verified e-mail marked verified. */
async function createOidcApplicant(db: Db, identity: OidcIdentity, now: Date): Promise<UserRow> {
  const email = identity.email!;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          username: null,
          password: null,
          firstName: identity.firstName ?? email.split('@')[0],
          lastName: identity.lastName ?? 'Member',
          role: NEW_MEMBER_ROLE,
          accountStatus: 'pending',
          authProvider: identity.provider,
          emailVerifiedAt: now,
          ...(identity.provider === 'google' ? { googleId: identity.sub } : { appleId: identity.sub }),
        })
        .returning();
      await tx.insert(memberApplications).values({ userId: user.id });
      await recordEvent(tx, 'member.applied', { userId: user.id, via: identity.provider }, { entityId: user.id, actorId: user.id, at: now });
      return user;
    });
  } catch (err) {
    return recoverFromRace(db, identity, err);
  }
}

/** Two callbacks for the same new identity at once: the loser signs in to the winner's account. */
async function recoverFromRace(db: Db, identity: OidcIdentity, err: unknown): Promise<UserRow> {
  const again = await findByProviderId(db, identity);
  if (again) return assertActive(again);
  throw err;
}

export const NOT_LINKED = (name: string) => `${name} is not linked to your account.`;
export const LAST_SIGN_IN_METHOD = (name: string) => `${name} is the only way to sign in to your account, so it cannot be unlinked. Link the other provider first.`;

/**
 * Unlinks a provider from the signed-in user's account, unless it is their last way in (no password and no other
 * provider): that is refused with a conflict, decided in the statement that unlinks, so two unlinks at once
 * cannot both succeed and leave the account with none.
 */
export async function unlinkProvider(db: Db, userId: string, provider: OAuthProvider): Promise<UserRow> {
  const name = provider === 'google' ? 'Google' : 'Apple';
  const column = idColumn(provider);
  const other = provider === 'google' ? users.appleId : users.googleId;
  const [updated] = await db
    .update(users)
    .set(provider === 'google' ? { googleId: null } : { appleId: null })
    .where(sql`${users.id} = ${userId} and ${column} is not null and (${users.password} is not null or ${other} is not null)`)
    .returning();
  if (!updated) {
    const [row] = await db.select({ linked: column }).from(users).where(eq(users.id, userId));
    if (!row?.linked) throw new AppError('not_found', NOT_LINKED(name));
    throw new AppError('conflict', LAST_SIGN_IN_METHOD(name));
  }
  forgetUser(db, userId);
  return updated;
}
