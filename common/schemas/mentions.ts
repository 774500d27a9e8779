import { z } from 'zod';

/**
 * Mentions: a member named with @ inside a post, a comment, a chat message or a lead's discussion. The text
 * stores each mention as the token `@[Display Name](user:<uuid>)`; the composer inserts it when the writer picks a
 * member from the suggestions, and the server keeps it only when the writer may see that member (otherwise it is
 * rewritten to the plain text `@Display Name` and nobody is told). The screens show a token as a link to the
 * member's profile reading `@Display Name`; everything else stays plain text.
 */

/** The most members one write tells of a mention; further tokens stay links but notify nobody. */
export const MAX_MENTIONS_NOTIFIED = 10;

/** How many members the suggestions list at most. */
export const MENTION_SUGGESTIONS_MAX = 8;

/** The longest display name a token may carry. */
export const MENTION_NAME_MAX = 120;

/**
 * One mention token: `@[` name `](user:` id `)`. The name holds no `[`, `]` or line break; the id is any text up to
 * the closing parenthesis (a malformed one is rewritten to plain text by the server).
 */
export const MENTION_TOKEN_PATTERN = /@\[([^[\]\r\n]{1,120})\]\(user:([^()\s]{1,64})\)/g;

/** The token for a member, as the composer inserts it (the name's brackets and line breaks are dropped). */
export function mentionToken(name: string, id: string): string {
  const clean =
    name
      .replace(/[[\]\r\n]/g, '')
      .trim()
      .slice(0, MENTION_NAME_MAX) || 'member';
  return `@[${clean}](user:${id})`;
}

/** A piece of a text that may carry mentions: plain text, or a mention of a member (their id and name). */
export type MentionPart = { type: 'text'; text: string } | { type: 'mention'; id: string; name: string };

/** Splits a text into plain text and mentions, in order: what the screens render (a mention as a link to the profile). */
export function splitMentions(text: string): MentionPart[] {
  const parts: MentionPart[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION_TOKEN_PATTERN)) {
    if (m.index > at) parts.push({ type: 'text', text: text.slice(at, m.index) });
    parts.push({ type: 'mention', name: m[1], id: m[2] });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ type: 'text', text: text.slice(at) });
  return parts;
}

/** The text as it reads without links: every token becomes `@Display Name` (for notifications, e-mails and excerpts). */
export function mentionsAsPlainText(text: string): string {
  return text.replace(MENTION_TOKEN_PATTERN, (_all, name: string) => `@${name}`);
}

/** GET /api/mentions/suggest?q=: members whose first or last name (or full name) starts with `q`, any case. */
export const mentionSuggestQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type a name').max(50, 'At most 50 characters'),
});
export type MentionSuggestQuery = z.infer<typeof mentionSuggestQuerySchema>;

/** One member the writer may mention: approved and active, visible to the writer in the directory, not the writer. */
export const mentionSuggestionSchema = z.object({
  id: z.string(),
  /** "First Last", the name the token carries. */
  name: z.string(),
  picture: z.string().nullable(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
});
export type MentionSuggestion = z.infer<typeof mentionSuggestionSchema>;

/** The suggestions, at most MENTION_SUGGESTIONS_MAX, by last then first name. */
export const mentionSuggestionsSchema = z.object({ items: z.array(mentionSuggestionSchema) });
export type MentionSuggestions = z.infer<typeof mentionSuggestionsSchema>;
