import { and, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileStorage } from '../../plugins/storage.ts';
import { makeEndorsement } from '../factories/endorsements.ts';
import { PIPELINE_PATH, makeCommission, makeLead, spread } from '../factories/leads.ts';
import { makeConnection, makeUser, type UserRow } from '../factories/members.ts';
import { makeMentorProfile } from '../factories/mentoring.ts';
import { makePost } from '../factories/posts.ts';
import type { Db } from '../client.ts';
import { leads, users } from '../schema/index.ts';
import { DEMO_ENDORSEMENTS, DEMO_POSTS } from './demo-community.ts';
import { DEMO_PEOPLE, type DemoPerson } from './demo-data.ts';
import { DEMO_CONNECTIONS, DEMO_LEADS, resolveMoment } from './demo-leads.ts';

export const DEMO_DOMAIN = 'demo.chiefpartners.example';
export const DEMO_PASSWORD = 'DemoPass123!';
const DAY = 86_400_000;
const ADMIN = 'marcus.adeyemi';
const PAYER = 'eleanor.whitmore';

export interface DemoSeedResult {
  members: number;
  leads: number;
  connections: number;
  posts: number;
  endorsements: number;
  mentors: number;
}

export const demoUsername = (p: Pick<DemoPerson, 'firstName' | 'lastName'>) => `${p.firstName}.${p.lastName}`.toLowerCase();

/**
 * Fills a database with the demo: members and applicants, then about six months of activity made through the
 * real services at back-dated moments (leads in every status with their timelines, commissions pending and
 * paid across tier boundaries, connections, community posts and skill endorsements, each earning its points).
 * All in one transaction, relative to `now`. Idempotent: a demo member that exists is not added again, and the
 * activity is added only while none of the demo's leads exist. With `storage`, some posts carry a generated picture.
 */
export async function seedDemo(db: Db, now: Date, storage?: FileStorage): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const members = await seedMembers(t, now);
    const people = await demoPeople(t);
    if (await hasDemoActivity(t, people)) return { members, leads: 0, connections: 0, posts: 0, endorsements: 0, mentors: 0 };
    return {
      members,
      leads: await seedLeads(t, people, now),
      connections: await seedConnections(t, people, now),
      posts: await seedPosts(t, people, now, storage),
      endorsements: await seedEndorsements(t, people, now),
      mentors: await seedMentors(t, people, now),
    };
  });
}

async function demoPeople(db: Db): Promise<Map<string, UserRow>> {
  const rows = await db
    .select()
    .from(users)
    .where(like(users.email, `%@${DEMO_DOMAIN}`));
  return new Map(rows.map((u) => [u.username!, u]));
}

async function seedMembers(db: Db, now: Date): Promise<number> {
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

/** The demo's leads are its marker: when any of them exists, the activity was seeded already. */
async function hasDemoActivity(db: Db, people: Map<string, UserRow>): Promise<boolean> {
  const ids = [...people.values()].map((u) => u.id);
  if (!ids.length) return false;
  const names = DEMO_LEADS.map((d) => d.lead.companyName);
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(inArray(leads.submitterId, ids), inArray(leads.companyName, names)))
    .limit(1);
  return !!row;
}

function person(people: Map<string, UserRow>, username: string): UserRow {
  const u = people.get(username);
  if (!u) throw new Error(`demo member ${username} is missing`);
  return u;
}

/** Replays the leads in the order their last move happened, so each month's commissions see the closes before them. */
async function seedLeads(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  const by = person(people, ADMIN);
  const payer = person(people, PAYER);
  const scripts = DEMO_LEADS.map((d) => ({ d, submitted: resolveMoment(d.submitted, now), moved: resolveMoment(d.moved ?? d.submitted, now) }));
  scripts.sort((a, b) => a.moved.getTime() - b.moved.getTime());
  for (const { d, submitted, moved } of scripts) {
    const submitter = person(people, d.by);
    if (d.status === 'closed-won' && !d.path) {
      const paidAt = d.paid ? resolveMoment(d.paid, now) : undefined;
      await makeCommission(db, { ...d.lead, partner: submitter, by, submittedAt: submitted, closedAt: moved, notes: d.notes, paidAt, paidBy: payer });
    } else {
      const history = spread(d.path ?? PIPELINE_PATH[d.status], submitted, moved, d.notes);
      await makeLead(db, { ...d.lead, submitter, by, now: submitted, history });
    }
  }
  return scripts.length;
}

async function seedConnections(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  for (const c of DEMO_CONNECTIONS) {
    await makeConnection(db, {
      from: person(people, c.from),
      to: person(people, c.to),
      status: c.status,
      message: c.message,
      now: new Date(now.getTime() - c.daysAgo * DAY),
    });
  }
  return DEMO_CONNECTIONS.length;
}

async function seedPosts(db: Db, people: Map<string, UserRow>, now: Date, storage?: FileStorage): Promise<number> {
  for (const p of DEMO_POSTS) {
    const image = p.image && storage ? await gradientBanner(p.image) : undefined;
    await makePost(db, {
      author: person(people, p.by),
      title: p.title,
      content: p.content,
      category: p.category,
      now: new Date(now.getTime() - p.daysAgo * DAY),
      image,
      storage: image ? storage : undefined,
    });
  }
  return DEMO_POSTS.length;
}

/** A few mentors for Mentor Matching, one of them fully booked. */
const DEMO_MENTORS = [
  {
    username: 'hannah.becker',
    yearsExperience: 18,
    specializations: ['Mergers & Acquisitions', 'Financial Management', 'Risk Management', 'Fundraising'],
    industries: ['Private Equities', 'Banking & Finance', 'Biotechnology'],
    maxMentees: 3,
    currentMentees: 1,
    rating: '4.80',
    bio: 'Eighteen years in deal teams; I help partners structure their first transactions.',
  },
  {
    username: 'eleanor.whitmore',
    yearsExperience: 25,
    specializations: ['Executive Leadership', 'Corporate Governance'],
    industries: ['Consulting', 'Banking & Finance'],
    maxMentees: 2,
    currentMentees: 2,
    rating: '4.60',
    bio: 'Board member and former managing partner; governance and leadership questions welcome.',
  },
  {
    username: 'oliver.grant',
    yearsExperience: 8,
    specializations: ['Strategic Planning', 'Operations Management'],
    industries: ['Manufacturing', 'Aerospace'],
    maxMentees: 4,
    currentMentees: 0,
    rating: '4.20',
    bio: 'Operations and strategy in heavy industry.',
  },
  {
    username: 'marcus.adeyemi',
    yearsExperience: 12,
    specializations: ['Business Development', 'Sales & Marketing', 'Partnerships'],
    industries: ['Consulting', 'Technology'],
    maxMentees: 3,
    currentMentees: 0,
    rating: '0.00',
    bio: 'Building partner pipelines that convert.',
  },
] as const;

async function seedMentors(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  for (const { username, specializations, industries, ...m } of DEMO_MENTORS) {
    await makeMentorProfile(db, {
      user: person(people, username),
      specializations: [...specializations],
      industries: [...industries],
      ...m,
      totalReviews: m.rating === '0.00' ? 0 : 6,
      now,
    });
  }
  return DEMO_MENTORS.length;
}

async function seedEndorsements(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  for (const e of DEMO_ENDORSEMENTS) {
    await makeEndorsement(db, {
      from: person(people, e.from),
      to: person(people, e.to),
      skill: e.skill,
      message: e.message,
      now: new Date(now.getTime() - e.daysAgo * DAY),
    });
  }
  return DEMO_ENDORSEMENTS.length;
}

/** A 1200 × 630 diagonal gradient between two colours, as PNG bytes: the picture of a demo post. */
async function gradientBanner([from, to]: [string, string]): Promise<Buffer> {
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const [a, b] = [rgb(from), rgb(to)];
  const width = 1200;
  const height = 630;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) pixels[(y * width + x) * 3 + c] = Math.round(a[c] + (b[c] - a[c]) * t);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
