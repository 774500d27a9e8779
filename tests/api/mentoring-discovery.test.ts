import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreMentor } from '../../common/rules/mentor-match.ts';
import { mentorDiscoveryPageSchema, type MentorDiscoveryPage } from '../../common/schemas/mentoring.ts';
import { makeMentorProfile } from '../../server/db/factories/mentoring.ts';
import { createTestApp, makeUser, openSession, type MakeUserOptions, type SignedIn, type TestContext } from '../helpers/app.ts';
import { client } from '../helpers/client.ts';
import { expectError } from '../helpers/http.ts';

let ctx: TestContext;

/** A signed-in member through a session opened directly (no password check), for the many members a test needs. */
async function member(o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await openSession(ctx, user.id);
  return { user, cookie, api: client(ctx.app, cookie) };
}

const discover = (who: SignedIn, query: Record<string, string | number> = {}): Promise<MentorDiscoveryPage> =>
  who.api.getOk(mentorDiscoveryPageSchema, '/api/mentor-profiles', { query: { pageSize: 60, ...query } });
const ids = (page: MentorDiscoveryPage) => page.items.map((m) => m.userId);

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('discover mentors', () => {
  let seeker: SignedIn;
  let fin: Awaited<ReturnType<typeof member>>;
  let strat: Awaited<ReturnType<typeof member>>;
  let full: Awaited<ReturnType<typeof member>>;
  let paused: Awaited<ReturnType<typeof member>>;
  let junior: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    seeker = await member({ firstName: 'Sam', industries: ['Banking & Finance', 'Retail'], expertise: ['Strategic Planning', 'M&A'] });
    await makeMentorProfile(ctx.db, { user: seeker.user, specializations: ['Seeker Own Skill'] });
    fin = await member({ firstName: 'Fiona', lastName: 'Finch', company: 'Northwind' });
    await makeMentorProfile(ctx.db, {
      user: fin.user,
      industries: ['banking & finance ', 'Retail'],
      specializations: ['Strategic Planning', 'm&a', 'Operations'],
      yearsExperience: 15,
      rating: '4.80',
      totalReviews: 5,
    });
    strat = await member({ firstName: 'Stan', lastName: 'Strand', company: 'Quartz Partners' });
    await makeMentorProfile(ctx.db, { user: strat.user, industries: ['Energy'], specializations: ['Strategic Planning'], yearsExperience: 7, rating: '4.00' });
    full = await member({ firstName: 'Fay', lastName: 'Full' });
    await makeMentorProfile(ctx.db, { user: full.user, industries: ['Retail'], specializations: ['Sales'], yearsExperience: 3, maxMentees: 2, currentMentees: 2 });
    paused = await member({ firstName: 'Pat', lastName: 'Paused' });
    await makeMentorProfile(ctx.db, { user: paused.user, industries: ['Banking & Finance'], isActive: false });
    junior = await member({ firstName: 'Jo', lastName: 'Junior' });
    await makeMentorProfile(ctx.db, { user: junior.user, industries: ['Mining'], specializations: ['Geology'], yearsExperience: 1, rating: '3.99' });
  });

  it('lists active mentors other than the caller, best match first, scored by the shared rule', async () => {
    const page = await discover(seeker);
    const mine = [fin, strat, full, junior].map((m) => m.user.id);
    const listed = ids(page).filter((id) => mine.includes(id));
    // 99, 42, 15 (a shared industry, no place), 10 (a free place only)
    expect(listed).toEqual([fin.user.id, strat.user.id, full.user.id, junior.user.id]);
    expect(ids(page)).not.toContain(seeker.user.id);
    expect(ids(page)).not.toContain(paused.user.id);
    const card = page.items.find((m) => m.userId === fin.user.id)!;
    // 30 industries + 25 experience + 24 specializations + 10 free place + 10 rating
    expect(card.match).toEqual({
      score: 99,
      label: 'Excellent Match',
      tone: 'green',
      reasons: ['Shared industries: banking & finance, Retail', '10+ years of experience'],
    });
    expect(card).toMatchObject({ rating: '4.80', totalReviews: 5, user: { firstName: 'Fiona', company: 'Northwind' }, can: { requestMentorship: true, edit: false } });
    // the SQL order agrees with the rule on every row
    const scores = page.items.map((m) => m.match.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const m of page.items) expect(m.match).toEqual(scoreMentor(seeker.user, m));
    const fullCard = page.items.find((m) => m.userId === full.user.id)!;
    expect(fullCard.can.requestMentorship).toBe(false);
    expect(fullCard.match.score).toBe(15);
    expect(page.items.find((m) => m.userId === strat.user.id)!.match).toMatchObject({ score: 42, label: 'Fair Match', tone: 'yellow' });
    expect(page.items.find((m) => m.userId === junior.user.id)!.match).toMatchObject({ score: 10, label: 'Basic Match', tone: 'gray' });
  });

  it('searches names, company and specializations, and filters by specialization, industry and availability', async () => {
    expect(ids(await discover(seeker, { search: 'finch' }))).toEqual([fin.user.id]);
    expect(ids(await discover(seeker, { search: 'quartz' }))).toEqual([strat.user.id]);
    expect(ids(await discover(seeker, { search: 'GEOLOGY' }))).toEqual([junior.user.id]);
    expect(ids(await discover(seeker, { search: '%' }))).toEqual([]);
    expect(ids(await discover(seeker, { specialization: 'strategic planning' }))).toEqual([fin.user.id, strat.user.id]);
    expect(ids(await discover(seeker, { industry: 'Retail' }))).toEqual([fin.user.id, full.user.id]);
    expect(ids(await discover(seeker, { availability: 'full' }))).toEqual([full.user.id]);
    const available = await discover(seeker, { availability: 'available' });
    expect(ids(available)).not.toContain(full.user.id);
    expect(available.items.every((m) => m.currentMentees < m.maxMentees)).toBe(true);
    expectError(await seeker.api.get('/api/mentor-profiles', { query: { availability: 'soon' } }), 400, 'validation_failed');
  });

  it('pages, and answers the filter menus and the count of available mentors over all discoverable mentors', async () => {
    const all = await discover(seeker);
    const first = await discover(seeker, { pageSize: 2, page: 1 });
    const second = await discover(seeker, { pageSize: 2, page: 2 });
    expect(first.total).toBe(all.total);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 4));
    const filtered = await discover(seeker, { industry: 'Mining' });
    expect(filtered.total).toBe(1);
    expect(filtered.filters).toEqual(all.filters);
    expect(all.filters.specializations).toEqual(expect.arrayContaining(['Geology', 'Operations', 'Sales', 'Strategic Planning']));
    expect(all.filters.specializations).not.toContain('Seeker Own Skill');
    expect(all.filters.industries).toEqual(expect.arrayContaining(['Energy', 'Mining', 'Retail']));
    // one entry per value whatever its case ('Banking & Finance' and 'banking & finance ')
    expect(all.filters.industries.filter((v) => v.toLowerCase() === 'banking & finance')).toHaveLength(1);
    expect(all.availableCount).toBe(all.items.filter((m) => m.currentMentees < m.maxMentees).length);
  });
});
