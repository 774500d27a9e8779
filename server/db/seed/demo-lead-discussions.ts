import { eq } from 'drizzle-orm';
import { assignLead } from '../../services/lead-changes.ts';
import { createLeadComment } from '../../services/lead-comments.ts';
import type { Db } from '../client.ts';
import type { UserRow } from '../factories/members.ts';
import { leads } from '../schema/index.ts';
import { ADMIN, person } from './demo-people.ts';

/** A demo lead's discussion: its owner, and the messages in order, some of them internal notes. */
const DEMO_LEAD_DISCUSSIONS: {
  company: string;
  owner?: string;
  messages: { by: string; hoursAgo: number; content: string; internal?: boolean }[];
}[] = [
  {
    company: 'Meridian Health Tech',
    owner: ADMIN,
    messages: [
      { by: 'aisha.khan', hoursAgo: 100, content: 'Leo confirmed the NHS framework renewal is signed, so the data role is funded from April.' },
      { by: ADMIN, hoursAgo: 96, content: 'Thanks Aisha — that answers the budget question. Could you introduce us to their CFO as well?' },
      { by: ADMIN, hoursAgo: 95, content: 'Rate card agreed at the framework’s day rate; margin is thin, keep it interim only.', internal: true },
      { by: 'aisha.khan', hoursAgo: 70, content: 'Introduction sent this morning, copying you.' },
    ],
  },
  {
    company: 'Wren Genomics',
    messages: [{ by: 'priya.raman', hoursAgo: 20, content: 'Dr Patel prefers a call in the mornings; she is in Cambridge on Tuesdays.' }],
  },
  {
    company: 'Riverside Housing Trust',
    owner: ADMIN,
    messages: [{ by: ADMIN, hoursAgo: 40, content: 'Board approval expected next month; holding the search until then.', internal: true }],
  },
];

/**
 * Discussions on a few of the demo's open leads, and their owners, made through the services a partner's and an
 * administrator's actions call (so the notifications and the timeline are as the product writes them).
 */
export async function seedLeadDiscussions(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  let written = 0;
  for (const d of DEMO_LEAD_DISCUSSIONS) {
    const [lead] = await db.select({ id: leads.id }).from(leads).where(eq(leads.companyName, d.company)).limit(1);
    if (!lead) throw new Error(`demo lead "${d.company}" is missing`);
    const first = Math.max(...d.messages.map((m) => m.hoursAgo));
    if (d.owner) await assignLead(db, person(people, ADMIN), lead.id, person(people, d.owner).id, new Date(now.getTime() - (first + 1) * 3_600_000));
    for (const m of d.messages) {
      await createLeadComment(db, person(people, m.by), lead.id, { content: m.content, internal: m.internal }, new Date(now.getTime() - m.hoursAgo * 3_600_000));
      written += 1;
    }
  }
  return written;
}
