import { and, eq, ilike, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STATUS_LABELS } from '../../common/rules/pipeline.ts';
import { SEARCH_GROUP_LIMIT, SEARCH_GROUPS, type SearchGroup, type SearchResponse, type SearchResult } from '../../common/schemas/search.ts';
import type { LeadStatus } from '../../common/constants/options.ts';
import type { Db } from '../db/client.ts';
import { builtOnce } from '../db/prepared.ts';
import { chatChannelMembers, chatChannels, communityPosts, events, leads, memberSearch, users } from '../db/schema/index.ts';
import { channelReaderSql } from '../policies/chat.ts';
import { eventScope, seesAllEvents } from '../policies/events.ts';
import { leadScope, seesAllLeads } from '../policies/leads.ts';
import { seesHiddenContent, visibleContentSql } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { listedMember } from './members.ts';

/**
 * The command palette's search (docs/decisions/0046-search.md): up to SEARCH_GROUP_LIMIT results in each group,
 * each group read within the scope its own screen reads (the directory's listed members, the lead scope, the feed's
 * visible posts, the events scope, the viewer's own chat channels), so a result is always something the viewer may
 * open. Each group is a few small reads: the rows whose name starts with the text (at most SEARCH_GROUP_LIMIT; members
 * by whole name, last name and company apart), and at most SEARCH_CANDIDATES rows containing it anywhere in a searched
 * field, answered by the trigram and prefix indexes with a LIMIT and no ORDER BY, so no read sorts or visits a whole
 * table. The reads are the branches of one statement, so a search takes one connection and one round trip.
 * The few rows read are then ordered here: prefix matches first, then by trigram similarity, then the newest.
 */

/** The most rows containing the text read per group, of which the best SEARCH_GROUP_LIMIT are answered. */
export const SEARCH_CANDIDATES = 25;

/** `text%` and `%text%` with `%`, `_` and `\` taken literally. */
const escaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
export const startingWith = (s: string) => `${escaped(s)}%`;
export const containing = (s: string) => `%${escaped(s)}%`;

/** A candidate as read: the result, whether its name starts with the text, its similarity and its age for ordering. */
interface Candidate extends SearchResult {
  prefix: boolean;
  score: number;
  at: number;
}

/** The best SEARCH_GROUP_LIMIT of a group's candidates: prefix matches first, then similarity, then the newest; each once. */
export function rank(candidates: Candidate[]): SearchResult[] {
  const seen = new Set<string>();
  const sorted = [...candidates].sort((a, b) => Number(b.prefix) - Number(a.prefix) || b.score - a.score || b.at - a.at || a.id.localeCompare(b.id));
  return sorted
    .filter((c) => !seen.has(c.id) && seen.add(c.id))
    .slice(0, SEARCH_GROUP_LIMIT)
    .map(({ id, title, subtitle, url }) => ({ id, title, subtitle, url }));
}

const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join(' · ') || null;

/* ---------- the statement's parameters ---------- */

/**
 * The statement's parameters, as placeholders (its text is built once per shape, see `statement`): the viewer, the
 * text, and the patterns of a name starting with it and containing it.
 */
interface Params {
  viewer: SQL;
  q: SQL;
  prefix: SQL;
  lowerPrefix: SQL;
  containing: SQL;
  lowerContaining: SQL;
}

const param: Params = {
  viewer: sql`${sql.placeholder('viewer')}::uuid`,
  q: sql`${sql.placeholder('q')}::text`,
  prefix: sql`${sql.placeholder('prefix')}::text`,
  lowerPrefix: sql`${sql.placeholder('lowerPrefix')}::text`,
  containing: sql`${sql.placeholder('containing')}::text`,
  lowerContaining: sql`lower(${sql.placeholder('containing')}::text)`,
};

/** The placeholders' values for one viewer and text. */
const values = (viewer: Actor, q: string) => ({
  viewer: viewer.id,
  q,
  prefix: startingWith(q),
  lowerPrefix: startingWith(q.toLowerCase()),
  containing: containing(q),
});

/**
 * Text shorter than a trigram (two characters) is looked for at the start of names only: the trigram indexes cannot
 * answer "contains" for it, and reading every row to find it would cost a whole table.
 */
export const CONTAINS_MIN_LENGTH = 3;

/**
 * One branch's columns, the same in every branch: which group, the row's id, its title, up to two more texts for its
 * subtitle, whether it is a prefix match, its similarity to the text and its time (ms) for ordering.
 */
function columns(group: SearchGroup, id: SQLWrapper, title: SQLWrapper, a: SQLWrapper | null, b: SQLWrapper | null, prefix: boolean | SQLWrapper, at: SQLWrapper) {
  return {
    grp: sql<string>`${sql.raw(`'${group}'`)}::text`.as('grp'),
    id: sql<string>`${id}::text`.as('id'),
    title: sql<string>`${title}`.as('title'),
    a: sql<string | null>`(${a ?? sql`null`})::text`.as('a'),
    b: sql<string | null>`(${b ?? sql`null`})::text`.as('b'),
    prefix: sql<boolean>`${typeof prefix === 'boolean' ? sql.raw(String(prefix)) : prefix}`.as('prefix'),
    score: sql<number>`similarity(${title}, ${param.q})::float8`.as('score'),
    at: sql<number>`(extract(epoch from ${at}) * 1000)::float8`.as('at'),
  };
}

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
const other = alias(chatChannelMembers, 'other');
const otherUser = alias(users, 'other_user');
/** A chat channel as its member sees it: a group by its name, a direct conversation by the other member's name. */
const channelName = sql`case when ${chatChannels.type} = 'direct' then coalesce(${otherUser.firstName} || ' ' || ${otherUser.lastName}, 'Former member') else ${chatChannels.name} end`;

/** The reads of each group (prefix, then containing unless the text is too short), in the viewer's scopes. */
function branches(db: Db, viewer: Actor, contains: boolean): SQLWrapper[] {
  const both = <T>(read: (prefix: boolean, limit: number) => T) => [read(true, SEARCH_GROUP_LIMIT), ...(contains ? [read(false, SEARCH_CANDIDATES)] : [])];

  // members: the directory's own rule (listed members, the viewer left out). Each "starts with" is its own read of a
  // btree on the lowered value (whole name and company, migration 0045; last name, migration 0036), a range that stops
  // at the LIMIT. "Contains" reads the narrow lowered copy (migration 0046) by its trigram indexes, one read per field,
  // so each candidate is checked against its own field only; only the rows that match are joined to the member.
  const member = (match: SQL, limit: number, prefix: boolean, copy = false) => {
    const read = db
      .select(columns('members', users.id, fullName, users.jobTitle, users.company, prefix, users.createdAt))
      .from(copy ? memberSearch : users)
      .$dynamic();
    return (copy ? read.innerJoin(users, eq(users.id, memberSearch.userId)) : read).where(and(listedMember, ne(users.id, param.viewer), match)).limit(limit);
  };
  const members = [
    member(sql`lower(${fullName}) like ${param.lowerPrefix}`, SEARCH_GROUP_LIMIT, true),
    member(sql`lower(${users.lastName}) like ${param.lowerPrefix}`, SEARCH_GROUP_LIMIT, true),
    member(sql`lower(${users.company}) like ${param.lowerPrefix}`, SEARCH_GROUP_LIMIT, true),
    ...(contains
      ? [memberSearch.name, memberSearch.company, memberSearch.jobTitle].map((field) =>
          member(sql`${field} like ${param.lowerContaining}`, SEARCH_CANDIDATES, false, true),
        )
      : []),
  ];

  // leads: the lead scope (a partner's own, every lead for administrators), by the lead list's trigram indexes of
  // company and contact name, one read per field. Not by industry: it holds one of a few options, so its trigrams
  // are each in hundreds of thousands of leads and the index spends tens of ms finding none; the lead list filters by it.
  const lead = (match: SQL, limit: number, prefix: boolean) =>
    db
      .select(columns('leads', leads.id, leads.companyName, leads.contactName, leads.status, prefix, leads.createdAt))
      .from(leads)
      .where(and(leadScope(viewer, param.viewer), match))
      .limit(limit);
  const leadRows = [
    lead(or(ilike(leads.companyName, param.prefix), ilike(leads.contactName, param.prefix))!, SEARCH_GROUP_LIMIT, true),
    ...(contains ? [leads.companyName, leads.contactName].map((field) => lead(ilike(field, param.containing), SEARCH_CANDIDATES, false)) : []),
  ];

  // posts: the feed as the viewer reads it (hidden posts only for their author and administrators), by the trigram
  // indexes of a post's title and words (migration 0041)
  const posts = both((prefix, limit) =>
    db
      .select(columns('posts', communityPosts.id, communityPosts.title, fullName, null, prefix, communityPosts.createdAt))
      .from(communityPosts)
      .innerJoin(users, eq(users.id, communityPosts.authorId))
      .where(
        and(
          eq(communityPosts.isPublished, true),
          visibleContentSql(viewer, communityPosts.hiddenAt, communityPosts.authorId, param.viewer),
          prefix ? ilike(communityPosts.title, param.prefix) : or(ilike(communityPosts.title, param.containing), ilike(communityPosts.content, param.containing)),
        ),
      )
      .limit(limit),
  );

  // events: the events scope, as the events list reads it, by the trigram indexes of title and place (migration 0029),
  // one read per field. Not by description: the planner judges the events table cheap to read whole for it, and
  // checking every event's long description took most of the statement's time; the events list searches it.
  const event = (match: SQL, limit: number, prefix: boolean) =>
    db
      .select(columns('events', events.id, events.title, events.location, events.status, prefix, events.startDate))
      .from(events)
      .where(and(eventScope(viewer), match))
      .limit(limit);
  const eventRows = [
    event(ilike(events.title, param.prefix), SEARCH_GROUP_LIMIT, true),
    ...(contains ? [events.title, events.location].map((field) => event(ilike(field, param.containing), SEARCH_CANDIDATES, false)) : []),
  ];

  // chat channels: only those the viewer belongs to, read from their own memberships (a handful of rows), in one read
  // whose names starting with the text come first
  const startsWith = ilike(channelName, param.prefix);
  const channels = [
    db
      .select(columns('channels', chatChannels.id, channelName, chatChannels.type, sql`${chatChannels.isPrivate}`, startsWith, chatChannels.createdAt))
      .from(chatChannels)
      .leftJoin(other, and(eq(chatChannels.type, 'direct'), eq(other.channelId, chatChannels.id), ne(other.userId, param.viewer)))
      .leftJoin(otherUser, eq(otherUser.id, other.userId))
      .where(and(channelReaderSql(chatChannels.id, param.viewer), contains ? ilike(channelName, param.containing) : startsWith))
      .orderBy(sql`${startsWith} desc`)
      .limit(SEARCH_CANDIDATES),
  ];

  return [...members, ...leadRows, ...posts, ...eventRows, ...channels];
}

/**
 * The reads as the branches of one statement: one connection and one round trip a search. It is planned for each
 * search's own text (not prepared once): how many rows a pattern matches decides between an index and a scan that stops
 * at the LIMIT, and a plan made without the text chose whole-table reads. Its text is built once per shape (which
 * scopes the viewer's role gives, and whether the text is long enough for "contains"), every value a placeholder, and
 * sent as the unnamed statement: building this many branches took about 10 ms of the server's time a search.
 */
function statement(db: Db, viewer: Actor, contains: boolean) {
  const shape = [seesAllLeads(viewer), seesAllEvents(viewer), seesHiddenContent(viewer), contains];
  return builtOnce(db, `search:${shape.join(':')}`, () => {
    const union = sql.join(
      branches(db, viewer, contains).map((branch) => sql`(${branch})`),
      sql` union all `,
    );
    return db
      .select({
        grp: sql<SearchGroup>`r.grp`,
        id: sql<string>`r.id`,
        title: sql<string>`r.title`,
        a: sql<string | null>`r.a`,
        b: sql<string | null>`r.b`,
        prefix: sql<boolean>`r.prefix`,
        score: sql<number>`r.score`.mapWith(Number),
        at: sql<number>`r.at`.mapWith(Number),
      })
      .from(sql`(${union}) r`);
  });
}

type Row = Awaited<ReturnType<ReturnType<typeof statement>['execute']>>[number];

const EVENT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

/** How each group shows a row: its subtitle and the screen that opens it. */
const present: Record<SearchGroup, (r: Row) => Pick<SearchResult, 'subtitle' | 'url'>> = {
  members: (r) => ({ subtitle: r.a && r.b ? `${r.a} at ${r.b}` : joined(r.a, r.b), url: `/community?tab=directory&member=${r.id}` }),
  leads: (r) => ({ subtitle: joined(r.a, r.b ? (STATUS_LABELS[r.b as LeadStatus] ?? r.b) : null), url: `/leads/${r.id}` }),
  posts: (r) => ({ subtitle: `by ${r.a}`, url: `/community?post=${r.id}` }),
  events: (r) => ({ subtitle: joined(EVENT_DAY.format(new Date(r.at)), r.a, r.b === 'cancelled' ? 'Cancelled' : null), url: `/events?event=${r.id}` }),
  channels: (r) => ({ subtitle: r.a === 'direct' ? 'Direct conversation' : r.b === 'true' ? 'Private channel' : 'Channel', url: `/chat/${r.id}` }),
};

/** Every group's best matches for the viewer; `q` is validated by searchQuerySchema (trimmed, 2 to 100 characters). */
export async function search(db: Db, viewer: Actor, q: string): Promise<SearchResponse> {
  const rows = await statement(db, viewer, q.length >= CONTAINS_MIN_LENGTH).execute(values(viewer, q));
  const byGroup = new Map<SearchGroup, Candidate[]>(SEARCH_GROUPS.map((g) => [g, []]));
  for (const r of rows) byGroup.get(r.grp)?.push({ id: r.id, title: r.title, ...present[r.grp](r), prefix: r.prefix, score: r.score, at: r.at });
  const groups = Object.fromEntries(SEARCH_GROUPS.map((g) => [g, rank(byGroup.get(g)!)])) as SearchResponse['groups'];
  return { q, groups };
}
