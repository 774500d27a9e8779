import { and, asc, eq, gt, inArray, isNotNull, isNull, like } from 'drizzle-orm';
import sharp from 'sharp';
import type { FileStorage } from '../../plugins/storage.ts';
import { editChatMessage, makeDirectConversation, makeGroupChannel, postChatMessage, readChannel } from '../factories/chat.ts';
import { makeEndorsement } from '../factories/endorsements.ts';
import { PIPELINE_PATH, makeCommission, makeLead, spread } from '../factories/leads.ts';
import { makeConnection, makeUser, type UserRow } from '../factories/members.ts';
import { cancelMadeEvent, makeEvent, markAttended, registerMembers } from '../factories/events.ts';
import { makeMentorProfile } from '../factories/mentoring.ts';
import { makePost } from '../factories/posts.ts';
import { setProfilePicture } from '../../services/profile-files.ts';
import type { Db } from '../client.ts';
import { leads, notifications, users } from '../schema/index.ts';
import { DEMO_CHATS, DEMO_PRIYA, type ChatMoment } from './demo-chat.ts';
import { DEMO_ENDORSEMENTS, DEMO_POSTS } from './demo-community.ts';
import { DEMO_PEOPLE, type DemoPerson } from './demo-data.ts';
import { DEMO_CONNECTIONS, DEMO_LEADS, resolveMoment } from './demo-leads.ts';
import { seedTimesheets } from './demo-timesheets.ts';

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
  events: number;
  chatMessages: number;
  timesheets: number;
  pictures: number;
}

export const demoUsername = (p: Pick<DemoPerson, 'firstName' | 'lastName'>) => `${p.firstName}.${p.lastName}`.toLowerCase();

/**
 * Fills a database with the demo: members and applicants, then about six months of activity made through the
 * real services at back-dated moments (leads in every status with their timelines, commissions pending and
 * paid across tier boundaries, connections, community posts and skill endorsements, each earning its points).
 * All in one transaction, relative to `now`. Idempotent: a demo member that exists is not added again, and the
 * activity is added only while none of the demo's leads exist. With `storage`, some posts carry a generated picture
 * and most approved members a generated portrait (the rest show their initials, as a member without a photo does).
 */
export async function seedDemo(db: Db, now: Date, storage?: FileStorage): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const members = await seedMembers(t, now);
    const people = await demoPeople(t);
    if (await hasDemoActivity(t, people))
      return { members, leads: 0, connections: 0, posts: 0, endorsements: 0, mentors: 0, events: 0, chatMessages: 0, timesheets: 0, pictures: 0 };
    const added = {
      members,
      leads: await seedLeads(t, people, now),
      connections: await seedConnections(t, people, now),
      posts: await seedPosts(t, people, now, storage),
      endorsements: await seedEndorsements(t, people, now),
      mentors: await seedMentors(t, people, now),
      events: await seedEvents(t, people, now),
      chatMessages: await seedChat(t, people, now),
      timesheets: await seedTimesheets(t, (u) => person(people, u), person(people, ADMIN), now),
      pictures: storage ? await seedPictures(t, people, storage) : 0,
    };
    // the demo's history is shown in the app, never e-mailed to its (made-up) addresses
    const demoIds = [...people.values()].map((p) => p.id);
    await tx
      .update(notifications)
      .set({ emailPending: null })
      .where(and(isNotNull(notifications.emailPending), inArray(notifications.userId, demoIds)));
    return added;
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

/**
 * The events calendar: two past events with their attendance (and the leads partners met there), upcoming ones
 * with registrations, one full with a waitlist, and one cancelled. Members registered in the days before.
 */
async function seedEvents(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  const admin = person(people, ADMIN);
  const p = (...names: string[]) => names.map((n) => person(people, n));
  const at = (days: number, hour: number, minute = 0) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour, minute, 0, 0);
    return d;
  };
  const partners = p('priya.raman', 'james.okafor', 'sophie.laurent', 'daniel.hughes', 'hannah.becker', 'oliver.grant', 'aisha.khan', 'tom.fletcher');

  const breakfast = await makeEvent(db, {
    organizer: admin,
    now: at(-70, 9),
    title: 'Partner Breakfast: Pipeline Review',
    description: 'Breakfast with the partnership team: what closed last quarter, where the pipeline is heading, and introductions across sectors.',
    type: 'in-person',
    category: 'networking',
    location: 'The Ned, 27 Poultry, London EC2R 8AJ',
    start: at(-40, 7, 30),
    hours: 2,
    maxAttendees: 30,
    tags: ['pipeline', 'breakfast'],
  });
  await registerMembers(db, breakfast.id, partners, at(-60, 10));
  const cameToBreakfast = partners.slice(0, 6);
  await markAttended(db, admin, breakfast.id, cameToBreakfast, at(-40, 10));
  // partners who met contacts there say so on the leads they submitted in the weeks after
  const metThere = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        inArray(
          leads.submitterId,
          cameToBreakfast.map((u) => u.id),
        ),
        gt(leads.createdAt, at(-40, 10)),
        isNull(leads.sourceEventId),
      ),
    )
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(3);
  for (const l of metThere) await db.update(leads).set({ sourceEventId: breakfast.id }).where(eq(leads.id, l.id));

  const webinar = await makeEvent(db, {
    organizer: admin,
    now: at(-30, 9),
    title: 'Pricing Interim Assignments',
    description: 'A practical session on day rates, success fees and how to present them to a board, with time for questions.',
    type: 'webinar',
    category: 'training',
    location: null,
    meetingLink: 'https://meet.example.com/pricing-interim-assignments',
    start: at(-15, 12),
    hours: 1,
  });
  await registerMembers(db, webinar.id, partners.slice(2, 7), at(-25, 9));
  await markAttended(db, admin, webinar.id, partners.slice(2, 6), at(-15, 13));

  const evening = await makeEvent(db, {
    organizer: admin,
    now: at(-10, 9),
    title: 'Executive Networking Evening, Manchester',
    description: 'Drinks and conversation with partners and invited guests from the North West business community.',
    type: 'in-person',
    category: 'social',
    location: 'Manchester Hall, 36 Bridge Street, Manchester M3 3BT',
    start: at(12, 18),
    hours: 3,
    maxAttendees: 40,
    fee: '25.00',
    registrationDeadline: at(10, 17),
    linkedinPromotionText: 'Joining us in Manchester for an evening with senior interim and advisory leaders? #ChiefPartners',
  });
  await registerMembers(db, evening.id, partners.slice(0, 5), at(-8, 11));

  const workshop = await makeEvent(db, {
    organizer: admin,
    now: at(-9, 9),
    title: 'Board Readiness Workshop',
    description: 'A small-group workshop on preparing for a first non-executive role: governance, committees and the interview.',
    type: 'in-person',
    category: 'workshop',
    location: 'Chief Partners, 1 Finsbury Avenue, London',
    start: at(20, 14),
    hours: 3,
    maxAttendees: 4,
    fee: '95.00',
  });
  await registerMembers(db, workshop.id, partners.slice(0, 7), at(-7, 9));

  const conference = await makeEvent(db, {
    organizer: admin,
    now: at(-6, 9),
    title: 'Partner Conference 2027',
    description: 'The annual gathering of the partnership: the year in review, sector briefings and the partner awards.',
    type: 'hybrid',
    category: 'conference',
    location: 'Royal Institution, 21 Albemarle Street, London',
    meetingLink: 'https://meet.example.com/partner-conference',
    start: at(45, 9),
    hours: 8,
    linkedinPromotionText: 'The Chief Partners annual conference is coming: a day of briefings, awards and good company.',
  });
  await registerMembers(db, conference.id, p('priya.raman', 'oliver.grant', 'aisha.khan'), at(-5, 15));

  const social = await makeEvent(db, {
    organizer: admin,
    now: at(-12, 9),
    title: 'Summer Social on the Thames',
    description: 'An evening cruise from Westminster Pier with partners and their guests.',
    type: 'in-person',
    category: 'social',
    location: 'Westminster Pier, London',
    start: at(30, 19),
    hours: 3,
    maxAttendees: 60,
  });
  await registerMembers(db, social.id, p('sophie.laurent', 'daniel.hughes', 'tom.fletcher'), at(-11, 12));
  await cancelMadeEvent(db, admin, social.id, at(-2, 9));
  return 6;
}

/** A moment of the chat script: a time of day some days ago, or minutes ago. */
function chatMoment(m: ChatMoment, now: Date): Date {
  if ('minutesAgo' in m) return new Date(now.getTime() - m.minutesAgo * 60_000);
  const [h, min] = m.at.split(':').map(Number);
  const d = new Date(now.getTime() - m.days * DAY);
  d.setUTCHours(h, min, 0, 0);
  return d;
}

/**
 * The chat: group channels (public and private) and direct conversations between connected members, their
 * messages in order (replies and one edit among them), then read marks: everyone has read to the end, except the
 * demo member, who has a few of the latest messages of others still unread.
 */
async function seedChat(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  let count = 0;
  for (const script of DEMO_CHATS) {
    const times = script.messages.map((m) => chatMoment(m.when, now));
    const members = script.members.map((u) => person(people, u));
    const channel = script.group
      ? await makeGroupChannel(db, {
          name: script.group.name,
          description: script.group.description,
          isPrivate: script.group.isPrivate,
          owner: person(people, script.group.owner),
          members,
          now: chatMoment({ days: script.group.createdDaysAgo, at: '08:00' }, now),
        })
      : await makeDirectConversation(db, members[0], members[1], new Date(times[0].getTime() - 60_000));
    const ids: string[] = [];
    for (const [i, m] of script.messages.entries()) {
      const sent = await postChatMessage(db, person(people, m.by), channel.id, m.text, { at: times[i], replyToId: m.reply === undefined ? null : ids[m.reply] });
      ids.push(sent.id);
      if (m.edited) await editChatMessage(db, person(people, m.by), sent.id, m.edited, new Date(times[i].getTime() + 3 * 60_000));
    }
    count += ids.length;
    const everyone = script.group ? [person(people, script.group.owner), ...members] : members;
    const readAt = new Date(Math.min(times.at(-1)!.getTime() + 60_000, now.getTime()));
    for (const member of everyone) {
      let at = readAt;
      if (member.username === DEMO_PRIYA && script.priyaUnread) {
        const fromOthers = script.messages.flatMap((m, i) => (m.by === DEMO_PRIYA ? [] : [times[i]]));
        at = new Date(fromOthers[fromOthers.length - script.priyaUnread].getTime() - 1000);
      }
      await readChannel(db, member, channel.id, at);
    }
  }
  return count;
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

/** Soft background colours of the demo portraits, one per member in turn. */
const PORTRAIT_TONES: [string, string][] = [
  ['#C7D2FE', '#6366F1'],
  ['#BAE6FD', '#0284C7'],
  ['#BBF7D0', '#15803D'],
  ['#FDE68A', '#B45309'],
  ['#FBCFE8', '#BE185D'],
  ['#DDD6FE', '#7C3AED'],
  ['#A5F3FC', '#0E7490'],
];

/**
 * Gives most approved demo members a portrait, uploaded through the same path as a member's own photo (checked,
 * re-encoded to square WebP sizes, stored); every third member (the second, fifth and so on) keeps the initials a member without a photo shows.
 */
async function seedPictures(db: Db, people: Map<string, UserRow>, storage: FileStorage): Promise<number> {
  let added = 0;
  for (const [index, p] of DEMO_PEOPLE.entries()) {
    if (p.status !== 'approved' || index % 3 === 1) continue;
    const user = person(people, demoUsername(p));
    await setProfilePicture({ db, storage }, user, await portrait(PORTRAIT_TONES[index % PORTRAIT_TONES.length]!));
    added += 1;
  }
  return added;
}

/** A 512 × 512 stylised head-and-shoulders portrait on a gradient, as PNG bytes: the photo of a demo member. */
async function portrait([light, dark]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="fg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.75"/></linearGradient>
  </defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <circle cx="256" cy="206" r="92" fill="url(#fg)"/>
  <path d="M84 512c0-104 77-178 172-178s172 74 172 178z" fill="url(#fg)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
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
