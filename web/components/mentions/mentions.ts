/**
 * Mentions inside a member's text. A mention is stored in the text itself as `@[Display Name](user:<uuid>)`; the
 * server keeps only the tokens naming members the writer may see, and the screens show each as a link to that
 * member's profile reading `@Display Name`. While writing, the box shows the friendlier `@Display Name` and the
 * token goes back in when the text is saved (`toStored`).
 */

import { mentionToken, splitMentions, MENTION_NAME_MAX } from '../../../common/schemas/mentions.ts';

/** A member picked in the box: the name it shows and the id its token carries. */
export interface PickedMember {
  name: string;
  id: string;
}

/** A member's name as a mention carries it: without what would break the token (brackets, line breaks). */
export const cleanMentionName = (name: string) => name.replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim().slice(0, MENTION_NAME_MAX) || 'member';

/** Stored text → what the box shows (`@Display Name`) and the members it names. */
export function toDisplay(stored: string): { display: string; picked: PickedMember[] } {
  const picked: PickedMember[] = [];
  const display = splitMentions(stored)
    .map((p) => {
      if (p.type === 'text') return p.text;
      if (!picked.some((m) => m.name === p.name && m.id === p.id)) picked.push({ name: p.name, id: p.id });
      return `@${p.name}`;
    })
    .join('');
  return { display, picked };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What the box shows → the text to store: every `@Display Name` of a picked member that is still whole (not
 * followed by another letter or digit) becomes that member's token; the longest names are matched first, so
 * "@Ann Lee" is not taken for "@Ann". A name picked twice for two members keeps the later pick.
 */
export function toStored(display: string, picked: readonly PickedMember[]): string {
  if (picked.length === 0) return display;
  const byName = new Map(picked.map((m) => [m.name, m.id]));
  const names = [...byName.keys()].filter(Boolean).sort((a, b) => b.length - a.length);
  if (names.length === 0) return display;
  const pattern = new RegExp(`@(${names.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return display.replace(pattern, (_, name: string) => mentionToken(name, byName.get(name) ?? ''));
}

/**
 * The mention being typed at the caret: an `@` at the start or after a space or punctuation (not inside an e-mail
 * address), then up to fifty characters of a name (letters, apostrophes, hyphens): one word and at most the start of
 * a second ("@Priya Ra"). Answers the `@`'s index and the name typed, or null.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[^\p{L}\p{N}_.@])@(\p{L}[\p{L}'’-]*(?: [\p{L}'’-]*)?)$/u.exec(before);
  if (!m || (m[2] ?? '').length > 50) return null;
  const query = m[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The box's text once a member is picked for the mention at `start`..`caret`: `@Name ` in its place, and the caret after it. */
export function insertMention(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + after, caret: start + inserted.length };
}

/** Where a mention leads: the member's profile, opened over the Member Directory. */
export const memberProfilePath = (userId: string) => `/community?tab=directory&member=${encodeURIComponent(userId)}`;
