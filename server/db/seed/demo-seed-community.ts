import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../plugins/storage.ts';
import { makeEndorsement } from '../factories/endorsements.ts';
import type { UserRow } from '../factories/members.ts';
import { makeMentorProfile } from '../factories/mentoring.ts';
import { makePost } from '../factories/posts.ts';
import type { Db } from '../client.ts';
import { DEMO_ENDORSEMENTS, DEMO_POSTS } from './demo-community.ts';
import { DAY, person } from './demo-people.ts';
import { gradientBanner } from './demo-pictures.ts';

/** Community posts, each with a picture when there is storage for it. */
export async function seedPosts(db: Db, people: Map<string, UserRow>, now: Date, storage?: FileStorage): Promise<number> {
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

export async function seedMentors(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
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

export async function seedEndorsements(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
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

/**
 * The days members used the app over the last year, which the programme analytics count as weekly active members:
 * each approved, active member on one to four days of every week by a fixed pattern (the same figures on every run).
 */
export async function seedActiveDays(db: Db, people: Map<string, UserRow>, now: Date): Promise<void> {
  const ids = [...people.values()]
    .filter((p) => p.accountStatus === 'approved' && p.isActive && !p.removedAt)
    .map((p) => p.id)
    .sort();
  if (!ids.length) return;
  await db.execute(sql`insert into member_active_days (day, user_id)
    select (${now.toISOString()}::timestamptz at time zone 'Europe/London')::date - d, m.id
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]) with ordinality m(id, n), generate_series(0, 364) d
    where (d * 3 + m.n * 5) % 7 < 1 + m.n % 4
    on conflict do nothing`);
}
