import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatChannelMembers, chatChannels, chatMessages } from '../../db/schema/index.ts';
import { keysetPages, mapPages, streamKey, type StreamOrder } from '../../lib/stream-pages.ts';
import { iso } from '../../presenters/wire.ts';
import { detachMemberAttachments } from '../../services/chat-attachments.ts';
import { eraseChatMember } from '../../services/chat.ts';
import type { FeatureData } from '../data-types.ts';

const OLDEST_MESSAGE_FIRST: StreamOrder = {
  parts: [
    { expr: chatMessages.createdAt, type: 'timestamptz' },
    { expr: chatMessages.id, type: 'uuid' },
  ],
};

/** The messages the member sent and has not deleted, oldest first, with the channel's name, in keyset pages. */
function messagesSentBy(db: Db, userId: string) {
  const pages = keysetPages(OLDEST_MESSAGE_FIRST, (p) =>
    db
      .select({ m: chatMessages, type: chatChannels.type, name: chatChannels.name, key: streamKey(OLDEST_MESSAGE_FIRST) })
      .from(chatMessages)
      .innerJoin(chatChannels, eq(chatChannels.id, chatMessages.channelId))
      .where(and(eq(chatMessages.senderId, userId), eq(chatMessages.isDeleted, false), p.after))
      .orderBy(...p.orderBy)
      .limit(p.limit),
  );
  return mapPages(pages, (rows) =>
    rows.map((r) => ({
      channel: r.type === 'direct' ? 'Direct conversation' : r.name,
      content: r.m.content,
      // the file itself stays with the conversation's members; its description is the member's
      attachment: r.m.attachmentKey ? { name: r.m.attachmentName, contentType: r.m.attachmentType, size: r.m.attachmentSize } : null,
      isEdited: r.m.isEdited,
      createdAt: iso(r.m.createdAt),
    })),
  );
}

/**
 * The chat messages the member sent, with what they attached (name, type, size); erasure deletes them (words
 * cleared, attached files removed) and takes them out of their groups.
 */
export const chatData = {
  feature: 'chat',
  personalTables: [
    {
      column: chatMessages.senderId,
      file: 'chat-messages.json',
      erase: 'anonymised',
      how: 'each message is deleted: its words and attached file cleared (the stored file removed), its place in the conversation kept',
    },
    {
      column: chatMessages.deletedById,
      notExported: 'who deleted a message, a moderation record',
      erase: 'kept',
      reason: 'who deleted a message (the erasure itself marks the member’s own): an id only',
    },
    {
      column: chatChannelMembers.userId,
      file: 'chat-messages.json',
      erase: 'kept',
      reason: 'they leave every group; their direct conversations stay for the other member to read, under "Deleted member"',
    },
    {
      column: chatChannels.createdById,
      file: 'chat-messages.json',
      erase: 'kept',
      reason: 'who created a group: an id only; ownership is handed on when they leave',
    },
  ],
  sections: [
    {
      file: 'chat-messages.json',
      describe: 'the chat messages you sent and have not deleted, with the name, type and size of each file you attached',
      // read in keyset pages as the file is written
      pages: (db, userId) => messagesSentBy(db, userId),
    },
  ],
  async erase(tx, target, now) {
    const fileKeys = await detachMemberAttachments(tx, target.id);
    await eraseChatMember(tx, target.id, now);
    return { fileKeys };
  },
} satisfies FeatureData;
