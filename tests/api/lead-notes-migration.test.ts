/** Migration 0035's data step: a lead's notes, which its partner read, become a message in its discussion. */

import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadCommentPageSchema } from '../../common/schemas/lead-comments.ts';
import type { LeadInput } from '../../common/schemas/lead.ts';
import { makeLead, type LeadOptions } from '../../server/db/factories/leads.ts';
import { leadActivities, leads } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, type SignedIn, type TestContext } from '../helpers/app.ts';

let ctx: TestContext;
let partnerA: SignedIn;
let admin: SignedIn;

const lead = (who: SignedIn, o: Partial<LeadInput> = {}, more: Omit<LeadOptions, 'submitter'> = {}) =>
  makeLead(ctx.db, { ...o, submitter: who.user, now: ctx.clock.now(), by: admin.user, ...more });

beforeAll(async () => {
  ctx = await createTestApp();
  partnerA = await makeSignedIn(ctx, { firstName: 'Amara', lastName: 'Partner' });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('migration 0035: a lead’s notes become a message its partner reads', () => {
  it('turns notes set the old way into a partner-visible message by the administrator who wrote them, once', async () => {
    const l = await lead(partnerA, { companyName: 'Old Notes Ltd' }, { status: 'reviewing' });
    const updatedAt = new Date('2026-01-15T10:00:00.000Z');
    // as the old status change left them: on the lead, and on the timeline entry that carried them
    await ctx.db.update(leads).set({ notes: 'Spoke to the CFO, promising', updatedAt }).where(eq(leads.id, l.id));
    await ctx.db
      .update(leadActivities)
      .set({ notes: 'Spoke to the CFO, promising' })
      .where(and(eq(leadActivities.leadId, l.id), eq(leadActivities.toStatus, 'reviewing')));
    const orphan = await lead(partnerA, { companyName: 'Orphan Notes Ltd' });
    await ctx.db.update(leads).set({ notes: 'Written long ago', updatedAt }).where(eq(leads.id, orphan.id));
    const master = await makeSignedIn(ctx, { role: 'master-admin', firstName: 'Mia', lastName: 'Master' });

    const file = readFileSync(new URL('../../server/db/migrations/0035_leads_worked_together.sql', import.meta.url), 'utf8');
    const statements = file.split('--> statement-breakpoint').map((s) => s.trim());
    for (let run = 0; run < 2; run++) for (const statement of statements) await ctx.db.execute(sql.raw(statement));

    const seen = await partnerA.api.getOk(leadCommentPageSchema, `/api/leads/${l.id}/comments`);
    expect(seen.items).toEqual([
      expect.objectContaining({
        content: 'Spoke to the CFO, promising',
        internal: false,
        author: expect.objectContaining({ id: admin.user.id }),
        createdAt: updatedAt.toISOString(),
      }),
    ]);
    const orphaned = await partnerA.api.getOk(leadCommentPageSchema, `/api/leads/${orphan.id}/comments`);
    expect(orphaned.items.map((c) => [c.content, c.author?.id])).toEqual([['Written long ago', master.user.id]]);
    const rows = await ctx.db
      .select({ notes: leads.notes })
      .from(leads)
      .where(sql`${leads.id} in (${l.id}, ${orphan.id})`);
    expect(rows).toEqual([{ notes: null }, { notes: null }]);
  });
});
