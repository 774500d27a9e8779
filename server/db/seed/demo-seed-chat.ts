import { editChatMessage, makeDirectConversation, makeGroupChannel, postChatMessage, readChannel } from '../factories/chat.ts';
import type { UserRow } from '../factories/members.ts';
import type { Db } from '../client.ts';
import { DEMO_CHATS, DEMO_PRIYA, type ChatMoment } from './demo-chat.ts';
import { DAY, person } from './demo-people.ts';

/** A moment of the chat script: a time of day some days ago, or minutes ago. */
function chatMoment(m: ChatMoment, now: Date): Date {
  if ('minutesAgo' in m) return new Date(now.getTime() - m.minutesAgo * 60_000);
  const [h, min] = m.at.split(':').map(Number);
  const d = new Date(now.getTime() - m.days * DAY);
  d.setUTCHours(h, min, 0, 0);
  return d;
}

/**
 * The chat: group channels (public and private) and direct conversations between connected members, their
 * messages in order (replies and one edit among them), then read marks: everyone has read to the end, except the
 * demo member, who has a few of the latest messages of others still unread.
 */
export async function seedChat(db: Db, people: Map<string, UserRow>, now: Date): Promise<number> {
  let count = 0;
  for (const script of DEMO_CHATS) {
    const times = script.messages.map((m) => chatMoment(m.when, now));
    const members = script.members.map((u) => person(people, u));
    const channel = script.group
      ? await makeGroupChannel(db, {
          name: script.group.name,
          description: script.group.description,
          isPrivate: script.group.isPrivate,
          owner: person(people, script.group.owner),
          members,
          now: chatMoment({ days: script.group.createdDaysAgo, at: '08:00' }, now),
        })
      : await makeDirectConversation(db, members[0], members[1], new Date(times[0].getTime() - 60_000));
    const ids: string[] = [];
    for (const [i, m] of script.messages.entries()) {
      const sent = await postChatMessage(db, person(people, m.by), channel.id, m.text, { at: times[i], replyToId: m.reply === undefined ? null : ids[m.reply] });
      ids.push(sent.id);
      if (m.edited) await editChatMessage(db, person(people, m.by), sent.id, m.edited, new Date(times[i].getTime() + 3 * 60_000));
    }
    count += ids.length;
    const everyone = script.group ? [person(people, script.group.owner), ...members] : members;
    const readAt = new Date(Math.min(times.at(-1)!.getTime() + 60_000, now.getTime()));
    for (const member of everyone) {
      let at = readAt;
      if (member.username === DEMO_PRIYA && script.priyaUnread) {
        const fromOthers = script.messages.flatMap((m, i) => (m.by === DEMO_PRIYA ? [] : [times[i]]));
        at = new Date(fromOthers[fromOthers.length - script.priyaUnread].getTime() - 1000);
      }
      await readChannel(db, member, channel.id, at);
    }
  }
  return count;
}
