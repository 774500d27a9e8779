import { recordEvent } from './domain-events.ts';
import { eq, or, sql } from 'drizzle-orm';
import type { RegisterData } from '../../common/schemas/auth.ts';
import { AppError } from '../../common/errors.ts';
import type { Db } from '../db/client.ts';
import { memberApplications, users } from '../db/schema/index.ts';
import type { Config } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import { admitAttempt } from './rate-limit.ts';

export type NewAccount = Omit<RegisterData, 'confirmPassword' | 'password' | 'linkedinUrl' | 'website' | 'phoneNumber'> & {
  password?: string;
  linkedinUrl?: string | null;
  website?: string | null;
  phoneNumber?: string | null;
};

/** Refuses a duplicate e-mail or username with 409 and the field it concerns. */
export async function assertUnique(db: Db, email: string, username: string | null | undefined) {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${email.toLowerCase()}`, username ? sql`lower(${users.username}) = ${username.toLowerCase()}` : sql`false`))
    .limit(2);
  if (rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) {
    throw new AppError('conflict', 'An account with this email already exists.', { issues: [{ path: 'email', message: 'An account with this email already exists.' }] });
  }
  if (username && rows.some((r) => r.username?.toLowerCase() === username.toLowerCase())) {
    throw new AppError('conflict', 'This username is already taken.', { issues: [{ path: 'username', message: 'This username is already taken.' }] });
  }
}

/**
 * Registration is limited per client IP in the database (every instance shares the count). Every attempt that
 * reaches this point counts, successful or not, so a script cannot keep the server busy hashing passwords.
 */
export async function admitRegistration(db: Db, config: Config, ip: string, now: Date): Promise<void> {
  const { maxPerIp: max, windowMs } = config.register;
  const admission = await admitAttempt(db, [{ key: `register-ip:${ip}`, max, windowMs }], now);
  if (!admission.admitted) {
    throw new AppError('rate_limited', 'Too many registrations from this address. Please try again later.', { headers: { 'Retry-After': String(admission.retryAfter) } });
  }
}

/** The fields of the application form but the username and password. */
type ApplicantFields = Omit<RegisterData, 'username' | 'password' | 'confirmPassword'>;

/**
 * The account columns the application form fills, as the sign-up form and the members' CSV import both write them
 * (optional links and phone number stored as null when left empty).
 */
export function applicantColumns(data: ApplicantFields) {
  return {
    email: data.email,
    firstName: data.firstName,
    lastName: data.lastName,
    company: data.company,
    jobTitle: data.jobTitle,
    location: data.location,
    phoneNumber: data.phoneNumber || null,
    dateOfBirth: data.dateOfBirth,
    fullAddress: data.fullAddress,
    yearsExperience: data.yearsExperience,
    bio: data.bio,
    expertise: data.expertise,
    industries: data.industries,
    businessInterests: data.businessInterests,
    networkingGoals: data.networkingGoals,
    linkedinUrl: data.linkedinUrl || null,
    website: data.website || null,
  };
}

/**
 * Inserts an account and its membership application in one transaction, after refusing a taken e-mail or username
 * with 409 and hashing the password; `then` records what the creation means in the same transaction.
 */
async function insertAccount(
  db: Db,
  account: Omit<typeof users.$inferInsert, 'password'> & { username: string; password: string },
  application: Omit<typeof memberApplications.$inferInsert, 'userId'>,
  then?: (tx: Db, user: typeof users.$inferSelect) => Promise<unknown>,
) {
  await assertUnique(db, account.email, account.username);
  const password = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...account, password })
      .returning();
    await tx.insert(memberApplications).values({ ...application, userId: user.id });
    await then?.(tx, user);
    return user;
  });
}

/** Creates a pending applicant with their membership application, in one transaction. */
export function createApplicant(db: Db, data: RegisterData) {
  return insertAccount(db, { username: data.username, password: data.password, ...applicantColumns(data) }, {}, (tx, user) =>
    recordEvent(tx, 'member.applied', { userId: user.id, via: 'form' }, { entityId: user.id, actorId: user.id, at: user.createdAt }),
  );
}

/** Finds an account by username or e-mail, case-insensitively (the sign-in field accepts either). */
export async function findByLogin(db: Db, login: string) {
  const value = login.trim().toLowerCase();
  const column = value.includes('@') ? sql`lower(${users.email})` : sql`lower(${users.username})`;
  const [user] = await db
    .select()
    .from(users)
    .where(sql`${column} = ${value}`)
    .limit(1);
  return user;
}

export async function findById(db: Db, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** An account an operator creates for a known person (the command line's create-user). */
export interface OperatorAccount {
  role: (typeof users.$inferInsert)['role'];
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  expertise?: string[];
}

/**
 * Creates an approved account with its application row, its e-mail address counted as verified (an operator
 * creates it for a known person); refuses a taken e-mail or username with 409.
 */
export function createOperatorAccount(db: Db, input: OperatorAccount, now = new Date()) {
  return insertAccount(db, { ...input, expertise: input.expertise ?? [], accountStatus: 'approved', approvedAt: now, emailVerifiedAt: now }, { reviewedAt: now });
}
