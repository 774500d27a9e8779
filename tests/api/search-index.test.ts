import { sql, type Logger } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserPageSchema } from '../../common/schemas/admin.ts';
import { directoryPageSchema } from '../../common/schemas/community.ts';
import { eventPageSchema } from '../../common/schemas/events.ts';
import { leadPageSchema, type LeadInput } from '../../common/schemas/lead.ts';
import { mentorDiscoveryPageSchema } from '../../common/schemas/mentoring.ts';
import { MEMBER_SEARCH_COUNT_CAP, SEARCH_COUNT_CAP, SEARCH_ESTIMATE_SURE } from '../../server/db/capped-count.ts';
import { makeEvent } from '../../server/db/factories/events.ts';
import { makeLead } from '../../server/db/factories/leads.ts';
import { makeMentorProfile } from '../../server/db/factories/mentoring.ts';
import { createTestApp, makeSignedIn, makeUser, type SignedIn, type TestContext } from '../helpers/app.ts';

/**
 * Every list's search matches a row when any searched field contains the text in any case, with `%` and `_` taken
 * literally; and each of its queries (the page and the count) can be answered from the trigram indexes of
 * migration 0029: the query the service ran is explained with sequential scans switched off, and its plan must
 * name the index of every searched field (one field without an index leaves no indexed plan for the OR).
 */

let ctx: TestContext;
let admin: SignedIn;
let partner: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await makeSignedIn(ctx, { role: 'admin', firstName: 'Ada', lastName: 'Admin', company: 'Head Office' });
  partner = await makeSignedIn(ctx, { firstName: 'Pat', lastName: 'Partner', company: 'Field Office' });
  await fillTables(FILLER_ROWS);
});

/** Rows of each searched table that no search here matches. */
const FILLER_ROWS = 4_000;

/**
 * Fills every searched table with rows no search here matches, then refreshes the planner's statistics: on tables
 * of a few rows any plan is cheap, while on these a selective search is planned on its trigram indexes, as on a
 * full database, rather than by walking the list's order or its other filters.
 */
async function fillTables(n: number) {
  await ctx.db.execute(sql`
    insert into users (username, email, first_name, last_name, company, job_title, location, account_status)
    select 'filler' || g, 'filler' || g || '@example.com', 'Filler', 'Member ' || g, 'Filler Company ' || g, 'Filler Director', 'Filler Town', 'approved'
    from generate_series(1, ${n}) g`);
  await ctx.db.execute(sql`
    insert into mentor_profiles (user_id, specializations, industries)
    select id, array['Filler Skill ' || last_name], array['Other'] from users where username like 'filler%'`);
  await ctx.db.execute(sql`
    insert into leads (submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description)
    select ${admin.user.id}, 'advisory', 'Filler Prospect ' || g, 'Technology', 'Filler Contact', 'filler@prospect.example', 'A lead no search here finds.'
    from generate_series(1, ${n}) g`);
  await ctx.db.execute(sql`
    insert into events (organizer_id, title, description, type, category, start_date, end_date, location)
    select ${admin.user.id}, 'Filler evening ' || g, 'An evening no search here finds.', 'in-person', 'networking',
           ${ctx.clock.now()}::timestamptz + g * interval '1 hour', ${ctx.clock.now()}::timestamptz + g * interval '1 hour' + interval '2 hours', 'Filler Hall'
    from generate_series(1, ${n}) g`);
  await ctx.db.execute(sql`vacuum analyze users, mentor_profiles, leads, events`);
}
afterAll(async () => {
  await ctx?.close();
});

interface RanQuery {
  text: string;
  params: unknown[];
}

/** The statements the app sends to the database while `act` runs (read through the database handle's logger). */
async function queriesDuring(act: () => Promise<unknown>): Promise<RanQuery[]> {
  const session = (ctx.db as unknown as { session: { logger: Logger } }).session;
  const before = session.logger;
  const ran: RanQuery[] = [];
  session.logger = { logQuery: (text, params) => ran.push({ text, params }) };
  try {
    await act();
  } finally {
    session.logger = before;
  }
  return ran;
}

/** Every index a plan reads, at any depth. */
function indexesIn(plan: unknown, found = new Set<string>()): Set<string> {
  if (typeof plan === 'string' && plan.trim().startsWith('[')) return indexesIn(JSON.parse(plan), found);
  if (Array.isArray(plan)) plan.forEach((p) => indexesIn(p, found));
  else if (plan && typeof plan === 'object') {
    for (const [k, v] of Object.entries(plan)) {
      if (k === 'Index Name' && typeof v === 'string') found.add(v);
      else indexesIn(v, found);
    }
  }
  return found;
}

/** The indexes the plan of a statement reads when sequential scans are off, with the statement's own parameters. */
async function planIndexes(q: RanQuery): Promise<Set<string>> {
  const parts = q.text.split(/\$(\d+)/);
  const statement = sql.join(parts.map((p, i) => (i % 2 ? sql`${q.params[Number(p) - 1]}` : sql.raw(p))));
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const res = await tx.execute(sql`explain (format json) ${statement}`);
    return indexesIn((res as unknown as { rows: unknown[] }).rows);
  });
}

/**
 * Runs a search through the API, then checks that each statement carrying the search (`marker` in its text: the
 * page and its count) is planned on every one of `indexes`. Answers the page.
 */
async function searchUsesIndexes<T>(run: () => Promise<T>, marker: RegExp, indexes: string[]): Promise<T> {
  let page: T | undefined;
  // the statements that read rows: the page and its count (the count's planner estimate, an EXPLAIN, reads none)
  const ran = (await queriesDuring(async () => (page = await run()))).filter((q) => marker.test(q.text) && !/^\s*explain\b/i.test(q.text));
  expect(ran.length).toBeGreaterThanOrEqual(2);
  for (const q of ran) {
    const used = await planIndexes(q);
    for (const index of indexes) expect([...used], q.text).toContain(index);
  }
  return page!;
}

const ids = (page: { items: Array<{ id: string }> }) => page.items.map((i) => i.id).sort();
const sorted = (...xs: string[]) => [...xs].sort();

describe('lead search', () => {
  const leads = (search: string) => admin.api.getOk(leadPageSchema, '/api/leads', { query: { search } });
  const lead = (o: Partial<Pick<LeadInput, 'companyName' | 'industry' | 'contactName'>>) =>
    makeLead(ctx.db, { submitter: partner.user, now: ctx.clock.now(), companyName: 'Plain Co', industry: 'Technology', contactName: 'Sam Smith', ...o });

  it('matches company, industry or contact name in any case, and % and _ literally', async () => {
    const byCompany = await lead({ companyName: 'Quokka Foods' });
    const byContact = await lead({ contactName: 'Dr QUOKKA' });
    await lead({ companyName: 'Quok Ka Ltd' });
    const page = await leads('qUoKkA');
    expect(ids(page)).toEqual(sorted(byCompany.id, byContact.id));
    expect(page.total).toBe(2);
    expect(page.totalCapped).toBeUndefined();
    // the industry is one of a list: only this lead is in Housing
    const byIndustry = await lead({ industry: 'Housing' });
    expect(ids(await leads('hOUSIN'))).toEqual([byIndustry.id]);

    const percent = await lead({ companyName: 'Save 100% Ltd' });
    await lead({ companyName: 'Save 1000 Ltd' });
    const underscore = await lead({ contactName: 'Snake_Case Jones' });
    await lead({ contactName: 'SnakeXCase Jones' });
    expect(ids(await leads('100%'))).toEqual([percent.id]);
    expect(ids(await leads('e_c'))).toEqual([underscore.id]);
  });

  it('reads the trigram index of each field', async () => {
    await searchUsesIndexes(() => leads('quokka'), /ilike/i, ['leads_company_name_trgm_idx', 'leads_industry_trgm_idx', 'leads_contact_name_trgm_idx']);
  });
});

describe('User Management search', () => {
  const search = (s: string) => admin.api.getOk(adminUserPageSchema, '/api/users', { query: { search: s } });

  it('matches the full name, e-mail, company or username in any case, and % and _ literally', async () => {
    const first = await makeUser(ctx.db, { firstName: 'Numbat', lastName: 'Jones' });
    const last = await makeUser(ctx.db, { lastName: 'NUMBATSON' });
    const email = await makeUser(ctx.db, { email: 'the.numbat@example.com' });
    const company = await makeUser(ctx.db, { company: 'numbat works' });
    const username = await makeUser(ctx.db, { username: 'xnumbatx' });
    const pending = await makeUser(ctx.db, { company: 'Numbat Pending', accountStatus: 'pending' });
    await makeUser(ctx.db, { company: 'Num Bat Ltd' });
    const page = await search('nUmBaT');
    expect(ids(page)).toEqual(sorted(first.id, last.id, email.id, company.id, username.id, pending.id));
    expect(page.total).toBe(6);
    expect(page.totalCapped).toBeUndefined();
    // the full name as shown, across first and last name
    expect(ids(await search('numbat jones'))).toEqual([first.id]);

    const percent = await makeUser(ctx.db, { company: 'Hundred% Numbat' });
    await makeUser(ctx.db, { company: 'Hundreds Numbat' });
    const underscore = await makeUser(ctx.db, { username: 'numbat_one' });
    await makeUser(ctx.db, { username: 'numbatxone' });
    expect(ids(await search('dred%'))).toEqual([percent.id]);
    expect(ids(await search('bat_o'))).toEqual([underscore.id]);
  });

  it('reads the trigram index of each field', async () => {
    await searchUsesIndexes(() => search('numbat'), /ilike/i, ['users_full_name_trgm_idx', 'users_email_trgm_idx', 'users_company_trgm_idx', 'users_username_trgm_idx']);
  });
});

describe('member directory search', () => {
  const directory = (query: Record<string, string>) => partner.api.getOk(directoryPageSchema, '/api/members', { query });

  it('matches the full name, company or job title in any case, and the location filter matches part of it', async () => {
    const name = await makeUser(ctx.db, { firstName: 'Pangolin', lastName: 'Reed' });
    const company = await makeUser(ctx.db, { company: 'PANGOLIN Partners' });
    const title = await makeUser(ctx.db, { jobTitle: 'Chief pangolin officer' });
    await makeUser(ctx.db, { company: 'Pangolin Hidden', availableForNetworking: false });
    await makeUser(ctx.db, { company: 'Pangolin Pending', accountStatus: 'pending' });
    await makeUser(ctx.db, { company: 'Pango Lin' });
    const page = await directory({ search: 'PanGolin' });
    expect(ids(page)).toEqual(sorted(name.id, company.id, title.id));
    expect(page.total).toBe(3);
    expect(page.totalCapped).toBeUndefined();
    expect(ids(await directory({ search: 'pangolin reed' }))).toEqual([name.id]);

    const percent = await makeUser(ctx.db, { jobTitle: 'Pangolin 50% time' });
    await makeUser(ctx.db, { jobTitle: 'Pangolin 500 time' });
    expect(ids(await directory({ search: '50%' }))).toEqual([percent.id]);

    const located = await makeUser(ctx.db, { location: 'Little_Pangolin Bay' });
    await makeUser(ctx.db, { location: 'LittleXPangolin Bay' });
    expect(ids(await directory({ location: 'e_pANGOLIN' }))).toEqual([located.id]);
  });

  it('reads the trigram index of each field', async () => {
    await searchUsesIndexes(() => directory({ search: 'pangolin' }), /ilike/i, ['users_full_name_trgm_idx', 'users_company_trgm_idx', 'users_job_title_trgm_idx']);
    await searchUsesIndexes(() => directory({ location: 'pangolin' }), /ilike/i, ['users_location_trgm_idx']);
  });
});

describe('event search', () => {
  const events = (search: string) => partner.api.getOk(eventPageSchema, '/api/events', { query: { search } });
  const event = (o: { title?: string; description?: string; location?: string }) =>
    makeEvent(ctx.db, {
      organizer: admin.user,
      now: ctx.clock.now(),
      title: 'Plain evening',
      description: 'An evening of talks and introductions.',
      location: 'London',
      ...o,
    });

  it('matches title, description or location in any case, and % and _ literally', async () => {
    const title = await event({ title: 'Axolotl Breakfast' });
    const description = await event({ description: 'Talks about the AXOLOTL market and its partners.' });
    const location = await event({ location: 'The axolotl rooms, Leeds' });
    await event({ title: 'Axo Lotl social' });
    const page = await events('aXoLoTl');
    expect(ids(page)).toEqual(sorted(title.id, description.id, location.id));
    expect(page.total).toBe(3);
    expect(page.totalCapped).toBeUndefined();

    const percent = await event({ title: 'Axolotl 10% club' });
    await event({ title: 'Axolotl 100 club' });
    const underscore = await event({ location: 'Room_Axolotl' });
    await event({ location: 'RoomXAxolotl' });
    expect(ids(await events('10%'))).toEqual([percent.id]);
    expect(ids(await events('m_axo'))).toEqual([underscore.id]);
  });

  it('reads the trigram index of each field', async () => {
    await searchUsesIndexes(() => events('axolotl'), /ilike/i, ['events_title_trgm_idx', 'events_description_trgm_idx', 'events_location_trgm_idx']);
  });
});

describe('mentor search', () => {
  const mentors = (search: string) => partner.api.getOk(mentorDiscoveryPageSchema, '/api/mentor-profiles', { query: { search } });
  const mentor = async (user: Parameters<typeof makeUser>[1], specializations = ['Strategic Planning']) => {
    const made = await makeUser(ctx.db, user);
    return makeMentorProfile(ctx.db, { user: made, specializations, now: ctx.clock.now() });
  };

  it('matches first name, last name, company or a specialization in any case, and % and _ literally', async () => {
    const first = await mentor({ firstName: 'Tapir', lastName: 'Stone' });
    const last = await mentor({ lastName: 'TAPIRSON' });
    const company = await mentor({ company: 'tapir capital' });
    const specialization = await mentor({}, ['Mergers', 'Tapir Strategy']);
    await mentor({ company: 'Tapir Pending', accountStatus: 'pending' });
    await mentor({ company: 'Ta Pir Ltd' });
    const page = await mentors('TaPiR');
    expect(ids(page)).toEqual(sorted(first.id, last.id, company.id, specialization.id));
    expect(page.total).toBe(4);
    expect(page.totalCapped).toBeUndefined();
    // first and last name are searched each on its own, as before: not across the two
    expect(ids(await mentors('tapir stone'))).toEqual([]);

    const percent = await mentor({ company: 'Tapir 20% Ltd' });
    await mentor({ company: 'Tapir 200 Ltd' });
    const underscore = await mentor({}, ['Tapir_Growth']);
    await mentor({}, ['TapirXGrowth']);
    expect(ids(await mentors('20%'))).toEqual([percent.id]);
    expect(ids(await mentors('r_g'))).toEqual([underscore.id]);
  });

  it('reads the trigram indexes of the names, the company and the specializations', async () => {
    await searchUsesIndexes(() => mentors('tapir'), /ilike/i, ['users_full_name_trgm_idx', 'users_company_trgm_idx', 'mentor_profiles_specializations_trgm_idx']);
  });
});

describe('the total of a search', () => {
  it(`counts up to ${SEARCH_COUNT_CAP.toLocaleString('en-GB')} matches and says when it stopped there`, async () => {
    // 10,001 leads named Capybara; all but the last in the Kestrel industry, so that search matches exactly the cap
    await ctx.db.execute(sql`
      insert into leads (submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description)
      select ${partner.user.id}, 'advisory', 'Capybara ' || g, case when g <= ${SEARCH_COUNT_CAP} then 'Kestrel' else 'Retail' end,
             'Casey Contact', 'casey@capybara.example', 'A lead made in bulk for the count.'
      from generate_series(1, ${SEARCH_COUNT_CAP + 1}) g`);
    const capped = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { search: 'capybara' } });
    expect(capped).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(capped.items).toHaveLength(25);
    const exact = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { search: 'kestrel' } });
    expect(exact.total).toBe(SEARCH_COUNT_CAP);
    expect(exact.totalCapped).toBeUndefined();
    // the partner's own list is searched and capped the same way
    const own = await partner.api.getOk(leadPageSchema, '/api/leads', { query: { search: 'CAPYBARA 1000' } });
    expect(own.items.map((l) => l.companyName).sort()).toEqual(['Capybara 1000', 'Capybara 10000', 'Capybara 10001']);
    expect(own.total).toBe(3);
  });

  it(`counts a member directory search up to ${MEMBER_SEARCH_COUNT_CAP.toLocaleString('en-GB')} matches`, async () => {
    // 1,001 listed members at a Quokka company; all but the last with the job title Numbat adviser
    await ctx.db.execute(sql`
      insert into users (username, email, first_name, last_name, company, job_title, account_status)
      select 'quokka' || g, 'quokka' || g || '@example.com', 'Quinn', 'Quokka ' || g, 'Quokka Holdings ' || g,
             case when g <= ${MEMBER_SEARCH_COUNT_CAP} then 'Numbat adviser' else 'Director' end, 'approved'
      from generate_series(1, ${MEMBER_SEARCH_COUNT_CAP + 1}) g`);
    await ctx.db.execute(sql`analyze users`);
    const directory = (search: string) => partner.api.getOk(directoryPageSchema, '/api/members', { query: { search } });
    const capped = await directory('quokka holdings');
    expect(capped).toMatchObject({ total: MEMBER_SEARCH_COUNT_CAP, totalCapped: true });
    expect(capped.items).toHaveLength(capped.pageSize);
    expect(capped.nextCursor).toBeTruthy();
    const exact = await directory('numbat adviser');
    expect(exact.total).toBe(MEMBER_SEARCH_COUNT_CAP);
    expect(exact.totalCapped).toBeUndefined();
  });

  it('answers a search the planner expects to match far past the cap as capped, without counting', async () => {
    await ctx.db.execute(sql`
      insert into leads (submitter_id, lead_type, company_name, industry, contact_name, contact_email, project_description)
      select ${partner.user.id}, 'advisory', 'Wombat ' || g, 'Retail', 'Casey Contact', 'casey@wombat.example', 'A lead made in bulk for the estimate.'
      from generate_series(1, ${SEARCH_ESTIMATE_SURE + 5_000}) g`);
    await ctx.db.execute(sql`analyze leads`);
    let page: { total: number; totalCapped?: boolean } | undefined;
    const ran = await queriesDuring(async () => (page = await admin.api.getOk(leadPageSchema, '/api/leads', { query: { search: 'wombat' } })));
    expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    expect(ran.some((q) => /^\s*explain\b/i.test(q.text) && /wombat|ilike/i.test(q.text))).toBe(true);
    expect(ran.filter((q) => /count\(/i.test(q.text) && /ilike/i.test(q.text))).toEqual([]);
    // the bulk insert of the setup runs the analytics triggers over every row: it may take longer than a test's default
  }, 120_000);
});
