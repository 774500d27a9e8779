import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResponseSchema, type SearchResponse } from '../../common/schemas/search.ts';
import { makeGroupChannel } from '../../server/db/factories/chat.ts';
import { makeEvent } from '../../server/db/factories/events.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { makePost } from '../../server/db/factories/posts.ts';
import { communityPosts, events, users } from '../../server/db/schema/index.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';

/**
 * GET /api/search: each group answers only what the viewer may open, as its own screen decides (the directory, the
 * lead scope, the feed, the events scope, the viewer's chat channels). Every fixture carries a made-up word no other
 * test writes, so each expectation is exact.
 */

let ctx: TestContext;
let partner: SignedIn;
let other: SignedIn;
let admin: SignedIn;
const ids: Record<string, string> = {};

const find = (who: SignedIn, q: string): Promise<SearchResponse> => who.api.getOk(searchResponseSchema, '/api/search', { query: { q } });
const titles = (r: SearchResponse, group: keyof SearchResponse['groups']) => r.groups[group].map((x) => x.title);
const idsIn = (r: SearchResponse, group: keyof SearchResponse['groups']) => r.groups[group].map((x) => x.id);

beforeAll(async () => {
  ctx = await createTestApp();
  partner = await makeSignedIn(ctx, { firstName: 'Petra', lastName: 'Searcher' });
  other = await makeSignedIn(ctx, { firstName: 'Olaf', lastName: 'Searcher' });
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada', lastName: 'Searcher' });

  // members: one listed, and one of each kind the directory leaves out
  const listed = await makeUser(ctx.db, { firstName: 'Zephyrine', lastName: 'Listed', company: 'Orbital Works', jobTitle: 'Founder' });
  const pending = await makeUser(ctx.db, { firstName: 'Zephyrine', lastName: 'Pending', accountStatus: 'pending' });
  const deactivated = await makeUser(ctx.db, { firstName: 'Zephyrine', lastName: 'Deactivated', isActive: false });
  const unlisted = await makeUser(ctx.db, { firstName: 'Zephyrine', lastName: 'Unlisted', availableForNetworking: false });
  const rejected = await makeUser(ctx.db, { firstName: 'Zephyrine', lastName: 'Rejected', accountStatus: 'rejected' });
  const erased = await makeUser(ctx.db, { firstName: 'Zephyrine', lastName: 'Erased' });
  await ctx.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, erased.id));
  Object.assign(ids, { listed: listed.id, pending: pending.id, deactivated: deactivated.id, unlisted: unlisted.id, rejected: rejected.id, erased: erased.id });
  // a member found by their company and by their job title, and one whose surname starts with the text
  await makeUser(ctx.db, { firstName: 'Cora', lastName: 'Company', company: 'Zephyrine Holdings' });
  await makeUser(ctx.db, { firstName: 'Tess', lastName: 'Title', jobTitle: 'Head of Zephyrine' });

  // leads: the same company word for two partners
  ids.partnerLead = (await makeLead(ctx.db, { submitter: partner.user, companyName: 'Quillfeather Partner Ltd', contactName: 'Paula Contact' })).id;
  ids.otherLead = (await makeLead(ctx.db, { submitter: other.user, companyName: 'Quillfeather Other Ltd', contactName: 'Oscar Contact' })).id;
  ids.contactLead = (await makeLead(ctx.db, { submitter: partner.user, companyName: 'Plain Company', contactName: 'Wilhelmina Quillfeather' })).id;

  // posts: one visible, one hidden by a moderator, one deleted
  ids.post = (await makePost(ctx.db, { author: other.user, title: 'Marmalade pricing tips', content: 'What works for us.' })).id;
  ids.wordsPost = (await makePost(ctx.db, { author: other.user, title: 'Plain title', content: 'We talked about marmalade at length.' })).id;
  ids.hiddenPost = (await makePost(ctx.db, { author: other.user, title: 'Marmalade hidden', content: 'Hidden by a moderator.' })).id;
  await ctx.db.update(communityPosts).set({ hiddenAt: new Date(), hiddenBy: admin.user.id }).where(eq(communityPosts.id, ids.hiddenPost));
  const deleted = await makePost(ctx.db, { author: partner.user, title: 'Marmalade deleted', content: 'Gone.' });
  expect((await partner.api.delete(`/api/community-posts/${deleted.id}`)).statusCode).toBe(204);

  // events: a public one and one not public
  ids.event = (await makeEvent(ctx.db, { organizer: admin.user, title: 'Gooseberry Summit' })).id;
  ids.privateEvent = (await makeEvent(ctx.db, { organizer: admin.user, title: 'Gooseberry Board Dinner' })).id;
  await ctx.db.update(events).set({ isPublic: false }).where(eq(events.id, ids.privateEvent));

  // channels: the partner belongs to one; a public group and a private group they are not in
  ids.mine = (await makeGroupChannel(ctx.db, { owner: other.user, name: 'Tangerine deals', members: [partner.user] })).id;
  ids.publicNotMine = (await makeGroupChannel(ctx.db, { owner: other.user, name: 'Tangerine open' })).id;
  ids.privateNotMine = (await makeGroupChannel(ctx.db, { owner: other.user, name: 'Tangerine secret', isPrivate: true })).id;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/search: who may ask, and what', () => {
  it('answers 401 without a session', async () => {
    expect((await client(ctx.app).get('/api/search', { query: { q: 'Zephyrine' } })).statusCode).toBe(401);
  });

  it('answers 400 for one character (after trimming) and for 101, and takes 2 and 100', async () => {
    for (const q of ['Z', '  Z  ', 'z'.repeat(101)]) expect((await partner.api.get('/api/search', { query: { q } })).statusCode).toBe(400);
    expect((await partner.api.get('/api/search')).statusCode).toBe(400);
    for (const q of ['Ze', 'z'.repeat(100)]) expect((await partner.api.get('/api/search', { query: { q } })).statusCode).toBe(200);
  });

  it('answers every group, empty when nothing matches', async () => {
    expect(await find(partner, 'nothing-matches-this')).toEqual({
      q: 'nothing-matches-this',
      groups: { members: [], leads: [], posts: [], events: [], channels: [] },
    });
  });
});

describe('members: those the directory lists', () => {
  it('finds listed members by name, company and job title, names starting with the text first', async () => {
    const r = await find(partner, 'zephyrine');
    expect(titles(r, 'members')).toEqual(['Zephyrine Listed', 'Cora Company', 'Tess Title']);
    expect(r.groups.members[0]).toEqual({
      id: ids.listed,
      title: 'Zephyrine Listed',
      subtitle: 'Founder at Orbital Works',
      url: `/community?tab=directory&member=${ids.listed}`,
    });
  });

  it('never answers a pending, rejected, deactivated, erased or unlisted member, nor the viewer, to anyone', async () => {
    for (const who of [partner, admin]) {
      const found = idsIn(await find(who, 'Zephyrine'), 'members');
      for (const hidden of ['pending', 'rejected', 'deactivated', 'erased', 'unlisted']) expect(found).not.toContain(ids[hidden]);
    }
    expect(idsIn(await find(partner, 'Petra Searcher'), 'members')).toEqual([]);
    expect(titles(await find(partner, 'Searcher'), 'members')).toEqual(expect.arrayContaining(['Olaf Searcher', 'Ada Searcher']));
  });
});

describe("members: the search follows a member's own edits", () => {
  it('finds a member by the name, company and title they change to, in any case, and no longer by the old ones', async () => {
    const mover = await makeSignedIn(ctx, { firstName: 'Bartholomew', lastName: 'Oldname' });
    expect(idsIn(await find(partner, 'artholomew oldn'), 'members')).toEqual([mover.user.id]);
    const body = {
      firstName: 'Bartholomew',
      lastName: 'Newcastle',
      email: mover.user.email,
      company: 'Quirkstone Analytics',
      jobTitle: 'Director of Vellichor',
      expertise: [],
      industries: [],
      availableForNetworking: true,
    };
    expect((await mover.api.patch('/api/auth/profile', { body })).statusCode).toBe(200);
    expect(idsIn(await find(partner, 'artholomew oldn'), 'members')).toEqual([]);
    for (const q of ['THOLOMEW NEWC', 'kstone anal', 'VELLICHOR']) expect(idsIn(await find(partner, q), 'members')).toEqual([mover.user.id]);
  });
});

describe('leads: the lead scope', () => {
  it("finds a partner's own leads by company and contact, never another partner's", async () => {
    const r = await find(partner, 'Quillfeather');
    expect(idsIn(r, 'leads').sort()).toEqual([ids.partnerLead, ids.contactLead].sort());
    expect(r.groups.leads.find((l) => l.id === ids.partnerLead)).toEqual({
      id: ids.partnerLead,
      title: 'Quillfeather Partner Ltd',
      subtitle: 'Paula Contact · Submitted',
      url: `/leads/${ids.partnerLead}`,
    });
    expect(idsIn(await find(partner, 'Quillfeather Other'), 'leads')).toEqual([]);
    expect(idsIn(await find(other, 'Quillfeather'), 'leads')).toEqual([ids.otherLead]);
  });

  it('does not match a lead by its industry, one of a few options the lead list filters by', async () => {
    const lead = await makeLead(ctx.db, { submitter: partner.user, companyName: 'Plain Trading', contactName: 'Ivy Industry', industry: 'Healthcare & Life Sciences' });
    expect(lead.industry).toBe('Healthcare & Life Sciences');
    expect(idsIn(await find(partner, 'Life Sciences'), 'leads')).not.toContain(lead.id);
    expect(idsIn(await find(partner, 'Ivy Indus'), 'leads')).toEqual([lead.id]);
  });

  it('finds every lead for an administrator, company prefixes first', async () => {
    const r = await find(admin, 'Quillfeather');
    expect(idsIn(r, 'leads').slice(0, 2).sort()).toEqual([ids.partnerLead, ids.otherLead].sort());
    expect(idsIn(r, 'leads')[2]).toBe(ids.contactLead);
  });
});

describe('posts: the feed as the viewer reads it', () => {
  it('finds posts by title and by their words, never a hidden or deleted one', async () => {
    const r = await find(partner, 'marmalade');
    expect(idsIn(r, 'posts')).toEqual([ids.post, ids.wordsPost]);
    expect(r.groups.posts[0]).toEqual({ id: ids.post, title: 'Marmalade pricing tips', subtitle: 'by Olaf Searcher', url: `/community?post=${ids.post}` });
  });

  it('shows a hidden post to its author and the administrators, as the feed does', async () => {
    expect(idsIn(await find(other, 'marmalade hidden'), 'posts')).toEqual([ids.hiddenPost]);
    expect(idsIn(await find(admin, 'marmalade hidden'), 'posts')).toEqual([ids.hiddenPost]);
    expect(idsIn(await find(partner, 'marmalade hidden'), 'posts')).toEqual([]);
  });
});

describe('events: the events scope', () => {
  it('finds public events for a member, every event for an administrator', async () => {
    expect(idsIn(await find(partner, 'Gooseberry'), 'events')).toEqual([ids.event]);
    expect(idsIn(await find(admin, 'Gooseberry'), 'events').sort()).toEqual([ids.event, ids.privateEvent].sort());
    expect((await find(partner, 'Gooseberry')).groups.events[0].url).toBe(`/events?event=${ids.event}`);
  });

  it('finds an event by its place, not by the words of its description, which the events list searches', async () => {
    const event = await makeEvent(ctx.db, {
      organizer: admin.user,
      title: 'Plain breakfast',
      location: 'Haberdashers Hall, London',
      description: 'Croissants and a talk on Xylophonic pricing.',
    });
    expect(idsIn(await find(partner, 'haberdash'), 'events')).toEqual([event.id]);
    expect(event.description).toContain('Xylophonic');
    expect(idsIn(await find(partner, 'Xylophonic'), 'events')).toEqual([]);
  });
});

describe("chat channels: the viewer's own", () => {
  it('finds only channels the viewer belongs to, public or private', async () => {
    const r = await find(partner, 'Tangerine');
    expect(r.groups.channels).toEqual([{ id: ids.mine, title: 'Tangerine deals', subtitle: 'Channel', url: `/chat/${ids.mine}` }]);
    // not even an administrator finds a channel they are not in
    expect(idsIn(await find(admin, 'Tangerine'), 'channels')).toEqual([]);
    expect(idsIn(await find(other, 'Tangerine'), 'channels').sort()).toEqual([ids.mine, ids.publicNotMine, ids.privateNotMine].sort());
  });

  it('puts channels whose name starts with the text before those containing it', async () => {
    // the one containing it is the newer and the more similar, so only the prefix puts the other first
    const starting = await makeGroupChannel(ctx.db, { owner: partner.user, name: 'Kumquat leads and other deals' });
    const containing = await makeGroupChannel(ctx.db, { owner: partner.user, name: 'A Kumquat' });
    expect(idsIn(await find(partner, 'kumquat'), 'channels')).toEqual([starting.id, containing.id]);
    expect(idsIn(await find(partner, 'ku'), 'channels')).toEqual([starting.id]);
  });
});

describe('the text is taken literally', () => {
  it('treats % and _ as characters, not wildcards', async () => {
    const percent = await makeLead(ctx.db, { submitter: partner.user, companyName: 'Rate 100% Ltd', contactName: 'Pat Percent' });
    const underscore = await makeLead(ctx.db, { submitter: partner.user, companyName: 'Snake_case Ltd', contactName: 'Sam Underscore' });
    expect(idsIn(await find(partner, '00%'), 'leads')).toEqual([percent.id]);
    expect(idsIn(await find(partner, '%%'), 'leads')).toEqual([]);
    expect(idsIn(await find(partner, 'e_c'), 'leads')).toEqual([underscore.id]);
    expect(idsIn(await find(partner, '__'), 'leads')).toEqual([]);
    expect(idsIn(await find(partner, '\\%'), 'leads')).toEqual([]);
  });

  it('finds two characters only where a name starts with them, and three or more anywhere in it', async () => {
    const lead = await makeLead(ctx.db, { submitter: partner.user, companyName: 'Zyqwave Holdings', contactName: 'Wendy Oyelaran' });
    expect(idsIn(await find(partner, 'zy'), 'leads')).toEqual([lead.id]);
    expect(idsIn(await find(partner, 'Oy'), 'leads')).toEqual([]);
    expect(idsIn(await find(partner, 'qwa'), 'leads')).toEqual([lead.id]);
    expect(idsIn(await find(partner, 'oye'), 'leads')).toEqual([lead.id]);
  });
});
