import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { STATUS_LABELS } from '../../common/rules/pipeline.ts';
import { SEARCH_GROUP_LIMIT, type SearchResponse, type SearchResult } from '../../common/schemas/search.ts';
import type { LeadStatus } from '../../common/constants/options.ts';
import type { Db } from '../db/client.ts';
import { chatChannelMembers, chatChannels, communityPosts, events, leads, users } from '../db/schema/index.ts';
import { channelReaderSql } from '../policies/chat.ts';
import { eventScope } from '../policies/events.ts';
import { leadScope } from '../policies/leads.ts';
import { visibleContentSql } from '../policies/posts.ts';
import type { Actor } from '../policies/roles.ts';
import { listedMember } from './members.ts';

/**
 * The command palette's search (docs/decisions/0046-search.md): up to SEARCH_GROUP_LIMIT results in each group,
 * each group read within the scope its own screen reads (the directory's listed members, the lead scope, the feed's
 * visible posts, the events scope, the viewer's own chat channels), so a result is always something the viewer may
 * open. Each group is two small reads: the rows whose name starts with the text (at most SEARCH_GROUP_LIMIT), and
 * at most CANDIDATES rows containing it anywhere in a searched field, both answered by the trigram and prefix indexes
 * with a LIMIT and no ORDER BY, so no read sorts or visits a whole table. The few rows read are then ordered here:
 * prefix matches first, then by trigram similarity to the text, then the newest.
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

/** The best SEARCH_GROUP_LIMIT of a group's two reads: prefix matches first, then similarity, then the newest; each once. */
export function rank(prefixed: Candidate[], containingRows: Candidate[]): SearchResult[] {
  const seen = new Set<string>();
  const all = [...prefixed.map((c) => ({ ...c, prefix: true })), ...containingRows].filter((c) => !seen.has(c.id) && seen.add(c.id));
  all.sort((a, b) => Number(b.prefix) - Number(a.prefix) || b.score - a.score || b.at - a.at || a.id.localeCompare(b.id));
  return all.slice(0, SEARCH_GROUP_LIMIT).map(({ id, title, subtitle, url }) => ({ id, title, subtitle, url }));
}

const similarity = (field: SQL, q: string) => sql<number>`similarity(${field}, ${q})`.mapWith(Number);
const joined = (...parts: Array<string | null | undefined>) => parts.filter((p) => p && p.trim()).join(' · ') || null;

/* ---------- members: those the directory lists for this viewer ---------- */

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

async function searchMembers(db: Db, viewer: Actor, q: string): Promise<SearchResult[]> {
  // the directory's own rule: listed members, the viewer left out
  const listed = and(listedMember, ne(users.id, viewer.id));
  const read = (match: SQL | undefined, limit: number) =>
    db
      .select({
        id: users.id,
        name: sql<string>`${fullName}`,
        jobTitle: users.jobTitle,
        company: users.company,
        score: similarity(fullName, q),
        at: users.createdAt,
      })
      .from(users)
      .where(and(listed, match))
      .limit(limit);
  const lowerPrefix = startingWith(q.toLowerCase());
  const [prefixed, rest] = await Promise.all([
    // the name indexes (migrations 0029 and 0036) answer each prefix
    read(or(ilike(fullName, startingWith(q)), sql`lower(${users.lastName}) like ${lowerPrefix}`, ilike(users.company, startingWith(q))), SEARCH_GROUP_LIMIT),
    // the trigram indexes of the name, company and job title (migration 0029), as the directory's search
    read(or(ilike(fullName, containing(q)), ilike(users.company, containing(q)), ilike(users.jobTitle, containing(q))), SEARCH_CANDIDATES),
  ]);
  const present = (r: (typeof rest)[number]): Candidate => ({
    id: r.id,
    title: r.name,
    subtitle: r.jobTitle && r.company ? `${r.jobTitle} at ${r.company}` : joined(r.jobTitle, r.company),
    url: `/community?tab=directory&member=${r.id}`,
    prefix: false,
    score: r.score,
    at: r.at.getTime(),
  });
  return rank(prefixed.map(present), rest.map(present));
}

/* ---------- leads: the lead scope (a partner's own, every lead for administrators) ---------- */

async function searchLeads(db: Db, viewer: Actor, q: string): Promise<SearchResult[]> {
  const read = (match: SQL | undefined, limit: number) =>
    db
      .select({
        id: leads.id,
        company: leads.companyName,
        contact: leads.contactName,
        status: leads.status,
        score: similarity(sql`${leads.companyName}`, q),
        at: leads.createdAt,
      })
      .from(leads)
      .where(and(leadScope(viewer), match))
      .limit(limit);
  const [prefixed, rest] = await Promise.all([
    read(or(ilike(leads.companyName, startingWith(q)), ilike(leads.contactName, startingWith(q))), SEARCH_GROUP_LIMIT),
    // the lead list's trigram indexes (migration 0029)
    read(or(ilike(leads.companyName, containing(q)), ilike(leads.contactName, containing(q)), ilike(leads.industry, containing(q))), SEARCH_CANDIDATES),
  ]);
  const present = (r: (typeof rest)[number]): Candidate => ({
    id: r.id,
    title: r.company,
    subtitle: joined(r.contact, STATUS_LABELS[r.status as LeadStatus] ?? r.status),
    url: `/leads/${r.id}`,
    prefix: false,
    score: r.score,
    at: r.at.getTime(),
  });
  return rank(prefixed.map(present), rest.map(present));
}

/* ---------- posts: the feed as the viewer reads it (hidden posts only for their author and administrators) ---------- */

async function searchPosts(db: Db, viewer: Actor, q: string): Promise<SearchResult[]> {
  const seen = and(eq(communityPosts.isPublished, true), visibleContentSql(viewer, communityPosts.hiddenAt, communityPosts.authorId));
  const read = (match: SQL | undefined, limit: number) =>
    db
      .select({
        id: communityPosts.id,
        title: communityPosts.title,
        author: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        score: similarity(sql`${communityPosts.title}`, q),
        at: communityPosts.createdAt,
      })
      .from(communityPosts)
      .innerJoin(users, eq(users.id, communityPosts.authorId))
      .where(and(seen, match))
      .limit(limit);
  const [prefixed, rest] = await Promise.all([
    read(ilike(communityPosts.title, startingWith(q)), SEARCH_GROUP_LIMIT),
    // the trigram indexes of a post's title and words (migration 0041)
    read(or(ilike(communityPosts.title, containing(q)), ilike(communityPosts.content, containing(q))), SEARCH_CANDIDATES),
  ]);
  const present = (r: (typeof rest)[number]): Candidate => ({
    id: r.id,
    title: r.title,
    subtitle: `by ${r.author}`,
    url: `/community?post=${r.id}`,
    prefix: false,
    score: r.score,
    at: r.at.getTime(),
  });
  return rank(prefixed.map(present), rest.map(present));
}

/* ---------- events: the events scope, as the events list reads it ---------- */

const EVENT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });

async function searchEvents(db: Db, viewer: Actor, q: string): Promise<SearchResult[]> {
  const read = (match: SQL | undefined, limit: number) =>
    db
      .select({
        id: events.id,
        title: events.title,
        startDate: events.startDate,
        location: events.location,
        status: events.status,
        score: similarity(sql`${events.title}`, q),
      })
      .from(events)
      .where(and(eventScope(viewer), match))
      .limit(limit);
  const [prefixed, rest] = await Promise.all([
    read(ilike(events.title, startingWith(q)), SEARCH_GROUP_LIMIT),
    // the events list's trigram indexes (migration 0029)
    read(or(ilike(events.title, containing(q)), ilike(events.description, containing(q)), ilike(events.location, containing(q))), SEARCH_CANDIDATES),
  ]);
  const present = (r: (typeof rest)[number]): Candidate => ({
    id: r.id,
    title: r.title,
    subtitle: joined(EVENT_DAY.format(r.startDate), r.location, r.status === 'cancelled' ? 'Cancelled' : null),
    url: `/events?event=${r.id}`,
    prefix: false,
    score: r.score,
    at: r.startDate.getTime(),
  });
  return rank(prefixed.map(present), rest.map(present));
}

/* ---------- chat channels: only those the viewer belongs to ---------- */

const other = alias(chatChannelMembers, 'other');
const otherUser = alias(users, 'other_user');

async function searchChannels(db: Db, viewer: Actor, q: string): Promise<SearchResult[]> {
  // a group by its name, a direct conversation by the other member's name
  const shown = sql<string>`case when ${chatChannels.type} = 'direct' then coalesce(${otherUser.firstName} || ' ' || ${otherUser.lastName}, 'Former member') else ${chatChannels.name} end`;
  const read = (pattern: string, limit: number) =>
    db
      .select({
        id: chatChannels.id,
        name: shown,
        type: chatChannels.type,
        isPrivate: chatChannels.isPrivate,
        score: similarity(shown, q),
        at: chatChannels.createdAt,
      })
      .from(chatChannels)
      .leftJoin(other, and(eq(chatChannels.type, 'direct'), eq(other.channelId, chatChannels.id), ne(other.userId, viewer.id)))
      .leftJoin(otherUser, eq(otherUser.id, other.userId))
      // belonging read from the member's own memberships (chat_channel_members_user_idx): a handful of rows
      .where(and(channelReaderSql(chatChannels.id, viewer.id), ilike(shown, pattern)))
      .limit(limit);
  const [prefixed, rest] = await Promise.all([read(startingWith(q), SEARCH_GROUP_LIMIT), read(containing(q), SEARCH_CANDIDATES)]);
  const present = (r: (typeof rest)[number]): Candidate => ({
    id: r.id,
    title: r.name,
    subtitle: r.type === 'direct' ? 'Direct conversation' : r.isPrivate ? 'Private channel' : 'Channel',
    url: `/chat/${r.id}`,
    prefix: false,
    score: r.score,
    at: r.at.getTime(),
  });
  return rank(prefixed.map(present), rest.map(present));
}

/** Every group's best matches for the viewer; `q` is validated by searchQuerySchema (trimmed, 2 to 100 characters). */
export async function search(db: Db, viewer: Actor, q: string): Promise<SearchResponse> {
  const [members, leadRows, posts, eventRows, channels] = await Promise.all([
    searchMembers(db, viewer, q),
    searchLeads(db, viewer, q),
    searchPosts(db, viewer, q),
    searchEvents(db, viewer, q),
    searchChannels(db, viewer, q),
  ]);
  return { q, groups: { members, leads: leadRows, posts, events: eventRows, channels } };
}
