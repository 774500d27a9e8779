import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FileStorage } from '../../plugins/storage.ts';
import { PIPELINE_PATH, makeCommission, makeLead, spread } from '../factories/leads.ts';
import { makeConnection, type UserRow } from '../factories/members.ts';
import type { Db } from '../client.ts';
import { leads, notifications } from '../schema/index.ts';
import { DEMO_CONNECTIONS, resolveMoment } from './demo-leads.ts';
import { seedTimesheets } from './demo-timesheets.ts';
import { seedChat } from './demo-seed-chat.ts';
import { seedActiveDays, seedEndorsements, seedMentors, seedPosts } from './demo-seed-community.ts';
import { seedConversations } from './demo-conversations.ts';
import { seedModeration } from './demo-moderation.ts';
import { seedLeadDiscussions } from './demo-lead-discussions.ts';
import { seedEvents } from './demo-seed-events.ts';
import { ADMIN, DAY, PAYER, demoPeople, person, seedMembers } from './demo-people.ts';
import { seedPictures } from './demo-pictures.ts';
import { paidByRunsFrom, seedPayouts } from './demo-payouts.ts';
import { DEMO_CLOSED_LEADS } from './demo-leads-closed.ts';
import { DEMO_OPEN_LEADS } from './demo-leads-open.ts';

export { DEMO_DOMAIN, DEMO_PASSWORD, demoUsername } from './demo-people.ts';

/** Every referral of the demo, the closed ones first. */
const DEMO_LEADS = [...DEMO_CLOSED_LEADS, ...DEMO_OPEN_LEADS];

export interface DemoSeedResult {
  members: number;
  leads: number;
  connections: number;
  posts: number;
  /** Comments and replies on the posts (each post's reactions come with them). */
  comments: number;
  /** Messages in the discussions of open leads (internal notes among them). */
  leadMessages: number;
  endorsements: number;
  mentors: number;
  events: number;
  chatMessages: number;
  timesheets: number;
  pictures: number;
}

/**
 * Fills a database with the demo: members and applicants, then about six months of activity made through the
 * real services at back-dated moments (leads in every status with their timelines, commissions pending and
 * paid across tier boundaries, connections, community posts and skill endorsements, each earning its points).
 * All in one transaction, relative to `now`. Idempotent: a demo member that exists is not added again, and the
 * activity is added only while none of the demo's leads exist. With `storage`, some posts carry a generated picture
 * and most approved members a generated portrait (the rest show their initials, as a member without a photo does).
 * With `payoutKey`, partners' payout details and payout runs: two paid in past months, a draft for last month.
 */
export async function seedDemo(db: Db, now: Date, storage?: FileStorage, payoutKey?: string): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    const t: Db = tx;
    const members = await seedMembers(t, now);
    const people = await demoPeople(t);
    if (await hasDemoActivity(t, people))
      return {
        members,
        leads: 0,
        connections: 0,
        posts: 0,
        comments: 0,
        leadMessages: 0,
        endorsements: 0,
        mentors: 0,
        events: 0,
        chatMessages: 0,
        timesheets: 0,
        pictures: 0,
      };
    const added = {
      members,
      leads: await seedLeads(t, people, now, payoutKey),
      connections: await seedConnections(t, people, now),
      posts: await seedPosts(t, people, now, storage),
      comments: await seedConversations(t, people, now),
      leadMessages: await seedLeadDiscussions(t, people, now),
      endorsements: await seedEndorsements(t, people, now),
      mentors: await seedMentors(t, people, now),
      events: await seedEvents(t, people, now),
      chatMessages: await seedChat(t, people, now),
      timesheets: await seedTimesheets(t, (u) => person(people, u), person(people, ADMIN), now),
      pictures: storage ? await seedPictures(t, people, storage) : 0,
    };
    // a year of members using the app, for the analytics' weekly active members
    await seedActiveDays(t, people, now);
    // a pinned announcement, a comment mentioning a member and an open report (one comment more on the feed)
    await seedModeration(t, people, now);
    added.comments += 1;
    // payout runs pay what the activity above earned; details are sealed with the payout key, so only with it
    if (payoutKey) await seedPayouts(t, people, now, payoutKey);
    // the demo's history is shown in the app, never e-mailed to its (made-up) addresses
    const demoIds = [...people.values()].map((p) => p.id);
    await tx
      .update(notifications)
      .set({ emailPending: null })
      .where(and(isNotNull(notifications.emailPending), inArray(notifications.userId, demoIds)));
    // members who have used the app for months have read what is older than a week: the bell shows this week's
    await tx
      .update(notifications)
      .set({ isRead: true, readAt: sql`least(${notifications.createdAt} + interval '1 day', ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.isRead, false), lt(notifications.createdAt, new Date(now.getTime() - 7 * DAY)), inArray(notifications.userId, demoIds)));
    return added;
  });
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

/** Replays the leads in the order their last move happened, so each month's commissions see the closes before them. */
async function seedLeads(db: Db, people: Map<string, UserRow>, now: Date, payoutKey?: string): Promise<number> {
  const by = person(people, ADMIN);
  const payer = person(people, PAYER);
  const scripts = DEMO_LEADS.map((d) => ({ d, submitted: resolveMoment(d.submitted, now), moved: resolveMoment(d.moved ?? d.submitted, now) }));
  scripts.sort((a, b) => a.moved.getTime() - b.moved.getTime());
  for (const { d, submitted, moved } of scripts) {
    const submitter = person(people, d.by);
    if (d.status === 'closed-won' && !d.path) {
      // the last months' commissions are paid by the demo's payout runs (with the payout key), the earlier ones one by one
      const paidOn = d.paid ? resolveMoment(d.paid, now) : undefined;
      const paidAt = paidOn && (!payoutKey || paidOn < paidByRunsFrom(now)) ? paidOn : undefined;
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
