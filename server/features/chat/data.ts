import { chatChannelMembers, chatChannels, chatMessages } from '../../db/schema/index.ts';
import { eraseChatMember, messagesSentBy } from '../../services/chat.ts';
import type { FeatureData } from '../data-types.ts';

/** The chat messages the member sent; erasure deletes them (words cleared) and takes them out of their groups. */
export const chatData = {
  feature: 'chat',
  personalTables: [
    {
      column: chatMessages.senderId,
      file: 'chat-messages.json',
      erase: 'anonymised',
      how: 'each message is deleted: its words cleared, its place in the conversation kept',
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
      describe: 'the chat messages you sent and have not deleted',
      // read in keyset pages as the file is written
      pages: (db, userId) => messagesSentBy(db, userId),
    },
  ],
  async erase(tx, target, now) {
    await eraseChatMember(tx, target.id, now);
  },
} satisfies FeatureData;
