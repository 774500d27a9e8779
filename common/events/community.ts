import { z } from 'zod';
import type { DomainEventSchemas } from './types.ts';

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const communityEvents = {
  'post.created': {
    entityType: 'community_post',
    describe: 'A member posted to the community feed',
    schema: z.object({ postId: z.uuid(), authorId: z.uuid(), category: z.string(), hasImage: z.boolean() }),
  },
  'post.deleted': {
    entityType: 'community_post',
    describe: 'A post was deleted by its author or by an administrator moderating',
    schema: z.object({ postId: z.uuid(), authorId: z.uuid(), moderated: z.boolean() }),
  },
  'comment.created': {
    entityType: 'post_comment',
    describe: 'A member commented on a post, or replied to a comment',
    schema: z.object({ commentId: z.uuid(), postId: z.uuid(), authorId: z.uuid(), parentId: z.uuid().nullable() }),
  },
  'connection.requested': {
    entityType: 'member_connection',
    describe: 'A member asked another to connect',
    schema: z.object({ connectionId: z.uuid(), requesterId: z.uuid(), targetId: z.uuid() }),
  },
  'connection.accepted': {
    entityType: 'member_connection',
    describe: 'A member accepted a connection request',
    schema: z.object({ connectionId: z.uuid(), requesterId: z.uuid(), targetId: z.uuid() }),
  },
  'endorsement.created': {
    entityType: 'skill_endorsement',
    describe: 'A member endorsed another member’s skill',
    schema: z.object({ endorsementId: z.uuid(), endorserId: z.uuid(), endorseeId: z.uuid(), skillName: z.string() }),
  },
} satisfies DomainEventSchemas;
