/**
 * Factories for accounts and connections, shared by the API tests and the demo seed. Each takes the database,
 * a moment (`now`) where time matters and overridable defaults. An account and its application are inserted
 * directly (the sign-up service would add nothing a fixture needs); a connection goes through its service.
 */
import { hashPassword } from '../../lib/passwords.ts';
import { respondToConnection, requestConnection } from '../../services/connections.ts';
import type { Db } from '../client.ts';
import { memberApplications, users, type memberConnections } from '../schema/index.ts';

/** The password a factory-made account signs in with unless told otherwise. */
export const DEFAULT_PASSWORD = 'Password123!';

export type UserRow = typeof users.$inferSelect;
/** The review checklist and risk of a membership application, as an admin fills it in. */
export type ApplicationFields = Partial<Omit<typeof memberApplications.$inferInsert, 'id' | 'userId'>>;

export interface UserOptions extends Partial<Omit<typeof users.$inferInsert, 'id' | 'password'>> {
  /** Plain text; hashed as sign-up would (argon2), once per password per process. */
  password?: string;
  /** When it happens: applied, created and (for an approved account) approved at this moment. */
  now?: Date;
  /** The application row every account has; defaults to an untouched checklist. */
  application?: ApplicationFields;
}

/** An account as inserted, with the password it signs in with. */
export type MadeUser = UserRow & { plainPassword: string };

let counter = 0;
const hashes = new Map<string, Promise<string>>();

function hashOnce(password: string): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

/**
 * Inserts an account and its membership application directly (the sign-up service would add nothing a
 * fixture needs): an approved, active partner unless told otherwise, with a unique username and e-mail.
 */
export async function makeUser(db: Db, o: UserOptions = {}): Promise<MadeUser> {
  counter += 1;
  const n = `${Date.now().toString(36)}${counter}`;
  const { password: plain = DEFAULT_PASSWORD, now, application, ...fields } = o;
  const accountStatus = fields.accountStatus ?? 'approved';
  const at = now ? { appliedAt: now, createdAt: now } : {};
  const [user] = await db
    .insert(users)
    .values({
      username: `user${n}`,
      email: `user${n}@example.com`,
      firstName: 'Test',
      lastName: `User${counter}`,
      role: 'partner',
      isActive: true,
      company: 'Acme Ltd',
      jobTitle: 'Director',
      location: 'London, UK',
      approvedAt: accountStatus === 'approved' ? (now ?? new Date()) : null,
      // a ready-made member has used the product before (`firstSignedInAt: null` for one who never has)
      firstSignedInAt: accountStatus === 'approved' ? (now ?? new Date()) : null,
      ...at,
      ...fields,
      accountStatus,
      password: await hashOnce(plain),
    })
    .returning();
  await db.insert(memberApplications).values({ createdAt: user.appliedAt ?? user.createdAt, ...application, userId: user.id });
  return { ...user, plainPassword: plain };
}

/** An approved, active partner. */
export const makeMember = (db: Db, o: UserOptions = {}) => makeUser(db, { role: 'partner', accountStatus: 'approved', ...o });

/** An approved, active administrator (`role: 'master-admin'` for the master administrator). */
export const makeAdmin = (db: Db, o: UserOptions = {}) => makeUser(db, { role: 'admin', accountStatus: 'approved', ...o });

/**
 * A pending applicant waiting for review, with their application's checklist and risk as given
 * (e.g. `{ application: { companyVerified: true, riskAssessment: 'medium' } }`).
 */
export const makeApplicant = (db: Db, o: UserOptions = {}) => makeUser(db, { role: 'partner', accountStatus: 'pending', ...o });

export type ConnectionRow = typeof memberConnections.$inferSelect;

/** Who asks and who answers: any listed member (approved, active, open to networking). */
export interface ConnectionPerson {
  id: string;
  firstName: string;
  lastName: string;
}

export interface ConnectionOptions {
  from: ConnectionPerson;
  to: ConnectionPerson;
  /** Where the request ends up; the receiver answers it (default pending). */
  status?: 'pending' | 'accepted' | 'declined';
  message?: string;
  /** When it was asked (default now). */
  now?: Date;
}

/**
 * A connection request through the real service (one open request per pair, the receiver's notification),
 * answered by the receiver when it is to end up accepted or declined.
 */
export async function makeConnection(db: Db, o: ConnectionOptions): Promise<ConnectionRow> {
  const { from, to, status = 'pending', message, now = new Date() } = o;
  const created = await requestConnection(db, from, to.id, message, now);
  return status === 'pending' ? created : respondToConnection(db, to, created.id, status, now);
}
