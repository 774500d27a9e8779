import { z } from 'zod';
import { CHAT_CHANNEL_TYPES } from '../constants/chat.ts';
import type { DomainEventSchemas } from './types.ts';

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const chatEvents = {
  'chat.channel_created': {
    entityType: 'chat_channel',
    describe: 'A member created a group channel, or opened a direct conversation with a connection for the first time',
    schema: z.object({ channelId: z.uuid(), type: z.enum(CHAT_CHANNEL_TYPES), isPrivate: z.boolean(), createdById: z.uuid() }),
  },
  'chat.message_posted': {
    entityType: 'chat_message',
    describe: 'A member wrote a message in a channel or direct conversation',
    schema: z.object({ messageId: z.uuid(), channelId: z.uuid(), senderId: z.uuid(), replyToId: z.uuid().nullable() }),
  },
} satisfies DomainEventSchemas;
