import { like } from 'drizzle-orm';
import { makeUser, type UserRow } from '../factories/members.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { DEMO_PEOPLE, type DemoPerson } from './demo-data.ts';

export const DEMO_DOMAIN = 'demo.chiefpartners.example';
export const DEMO_PASSWORD = 'DemoPass123!';
export const DAY = 86_400_000;
export const ADMIN = 'marcus.adeyemi';
export const PAYER = 'eleanor.whitmore';

export const demoUsername = (p: Pick<DemoPerson, 'firstName' | 'lastName'>) => `${p.firstName}.${p.lastName}`.toLowerCase();

/** The demo's members that exist, by username. */
export async function demoPeople(db: Db): Promise<Map<string, UserRow>> {
  const rows = await db
    .select()
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`));
  return new Map(rows.map((u) => [u.username!, u]));
}

/** Adds the demo's members and applicants that do not exist yet; answers how many were added. */
export async function seedMembers(db: Db, now: Date): Promise<number> {
  const people = await demoPeople(db);
  let added = 0;
  for (const [index, p] of DEMO_PEOPLE.entries()) {
    const i = index + 1;
    const username = demoUsername(p);
    if (people.has(username)) continue;
    // the founders joined first; everyone approved had joined before the six months of activity began
    const appliedAt = new Date(now.getTime() - (p.status === 'pending' ? i : 330 - i * 9) * DAY);
    const decidedAt = new Date(appliedAt.getTime() + (p.status === 'rejected' ? 4 : 3) * DAY);
    const reviewer = people.get(ADMIN);
    const user = await makeUser(db, {
      username,
      email: `${username}@${DEMO_DOMAIN}`,
      password: DEMO_PASSWORD,
      firstName: p.firstName,
      lastName: p.lastName,
      role: p.role ?? 'partner',
      accountStatus: p.status,
      membershipTier: p.tier ?? 'standard',
      company: p.company,
      jobTitle: p.jobTitle,
      location: p.location,
      bio: p.bio,
      expertise: p.expertise,
      industries: p.industries,
      businessInterests: p.businessInterests,
      networkingGoals: p.networkingGoals,
      yearsExperience: p.yearsExperience,
      dateOfBirth: `${1990 - p.yearsExperience}-0${(i % 9) + 1}-1${i % 9}`,
      fullAddress: `${10 + i} High Street, ${p.location.split(',')[0]}, United Kingdom`,
      phoneNumber: `+44 20 7946 0${String(100 + i).padStart(3, '0')}`,
      linkedinUrl: `https://www.linkedin.com/in/${username.replace('.', '-')}`,
      appliedAt,
      createdAt: appliedAt,
      approvedAt: p.status === 'approved' ? decidedAt : null,
      rejectedAt: p.status === 'rejected' ? decidedAt : null,
      rejectionReason: p.status === 'rejected' ? 'insufficient_experience' : null,
      // decided members confirmed their address before review; of the applicants, those whose company is already
      // verified have confirmed theirs too, the others not yet, so the review shows both (approval waits for it)
      emailVerifiedAt: p.status !== 'pending' || p.review?.companyVerified ? new Date(appliedAt.getTime() + DAY / 24) : null,
      application:
        p.status === 'approved'
          ? {
              companyVerified: true,
              linkedinChecked: true,
              backgroundVerified: true,
              referenceChecked: true,
              riskAssessment: 'low',
              reviewedAt: decidedAt,
              createdAt: appliedAt,
            }
          : { ...p.review, reviewedBy: reviewer?.id ?? null, reviewedAt: new Date(Math.min(appliedAt.getTime() + 2 * DAY, now.getTime())), createdAt: appliedAt },
    });
    people.set(username, user);
    added += 1;
  }
  return added;
}

/** The demo member with this username; the demo cannot go on without them. */
export function person(people: Map<string, UserRow>, username: string): UserRow {
  const u = people.get(username);
  if (!u) throw new Error(`demo member ${username} is missing`);
  return u;
}
