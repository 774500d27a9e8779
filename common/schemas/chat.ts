import { z } from 'zod';
import { CHAT_ATTACHMENT_TYPES, CHAT_SEARCH_LIMITS as S } from '../constants/chat-attachments.ts';
import { CHAT_CHANNEL_TYPES, CHAT_LIMITS as L, CHAT_ROLES } from '../constants/chat.ts';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/* ---------- input ---------- */

/** Control characters other than newline and tab (C0, DEL and C1): never part of a message a member typed. */
const hasControl = (v: string) =>
  [...v].some((ch) => {
    const c = ch.codePointAt(0)!;
    return (c < 0x20 && ch !== '\n' && ch !== '\t') || (c >= 0x7f && c <= 0x9f);
  });

/** Plain text as typed (the web escapes it when showing it): trimmed, Windows line ends made `\n`, no control characters. */
const plainText = (label: string, max: number, min = 1) =>
  z
    .string({ error: `${label} is required` })
    .transform((v) => v.replace(/\r\n/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, `${label} is required`)
        .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`)
        .refine((v) => !hasControl(v), `${label} cannot contain control characters`),
    );

/** POST /api/chat/channels: a group channel; its creator becomes its owner. */
export const chatChannelCreateSchema = z.strictObject({
  name: plainText('Channel name', L.channelName.max).refine((v) => !v.includes('\n'), 'Channel name must be one line'),
  description: plainText('Description', L.channelDescription.max, 0)
    .transform((v) => v || null)
    .nullish(),
  isPrivate: z.boolean({ error: 'Choose whether the channel is private' }).default(false),
});
export type ChatChannelCreate = z.input<typeof chatChannelCreateSchema>;

/** POST /api/chat/channels/:id/messages. `replyToId` must be a message of the same channel. */
export const chatMessageCreateSchema = z.strictObject({
  content: plainText('Message', L.message.max),
  replyToId: z.uuid('Reply to a message of this conversation').nullish(),
});
export type ChatMessageCreate = z.input<typeof chatMessageCreateSchema>;

/**
 * The text fields of a multipart message (sent with one file in the field `file`): the words may be left out
 * when a file comes with them; the server checks that one of the two is there.
 */
export const chatMessageFormSchema = z.strictObject({
  content: plainText('Message', L.message.max, 0).default(''),
  replyToId: z.union([z.literal('').transform(() => null), z.uuid('Reply to a message of this conversation')]).nullish(),
});

/** PATCH /api/chat/messages/:id: the author's new words. */
export const chatMessageUpdateSchema = z.strictObject({ content: plainText('Message', L.message.max) });

/** POST /api/chat/channels/:id/invite and POST /api/chat/direct: the other member. */
export const chatMemberBodySchema = z.strictObject({ userId: z.uuid('Member not found.') });

/**
 * GET /api/chat/channels: `scope=mine` (default) lists the caller's channels, most recently active first;
 * `scope=discover` lists the public groups the caller has not joined, newest first.
 */
export const chatChannelQuerySchema = pageQuery(50, 100).extend({
  scope: z.enum(['mine', 'discover'], { error: 'scope must be mine or discover' }).default('mine'),
});

/** GET /api/chat/channels/:id/messages: newest first, older than `before` (a message id or an instant). */
export const chatMessageQuerySchema = z.object({
  before: z.union([z.uuid(), z.iso.datetime({ offset: true })], { error: 'before must be a message id or a date and time' }).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(L.messagePage.max, `limit must be at most ${L.messagePage.max}`).default(L.messagePage.default),
});

/** GET /api/chat/search: messages of the caller's channels whose words contain `q`, newest first, older than `before` (a message id). */
export const chatSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(S.q.min, `Type at least ${S.q.min} characters`)
    .max(S.q.max, `Search for at most ${S.q.max} characters`),
  before: z.uuid('before must be a message id').optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(S.page.max, `limit must be at most ${S.page.max}`).default(S.page.default),
});

export const chatChannelParams = z.object({ id: z.uuid('Channel not found.') });
export const chatMessageParams = z.object({ id: z.uuid('Message not found.') });

/* ---------- output ---------- */

export const chatPersonSchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), profilePicture: z.string().nullable() });
export type ChatPerson = z.infer<typeof chatPersonSchema>;

export const chatChannelAbilitiesSchema = z.object({
  read: z.boolean(),
  post: z.boolean(),
  join: z.boolean(),
  leave: z.boolean(),
  invite: z.boolean(),
});
export type ChatChannelAbilities = z.infer<typeof chatChannelAbilitiesSchema>;

export const chatMessageAbilitiesSchema = z.object({ edit: z.boolean(), delete: z.boolean() });
export type ChatMessageAbilities = z.infer<typeof chatMessageAbilitiesSchema>;

/** The last message of a channel as its list shows it: a short preview, empty for a deleted one. */
export const chatMessagePreviewSchema = z.object({
  id: z.uuid(),
  senderId: z.uuid(),
  preview: z.string(),
  isDeleted: z.boolean(),
  createdAt: instantSchema,
});

/**
 * A channel as the caller sees it. For a direct conversation `name` is the other member's name and `otherMember`
 * says who they are; `role` is null when the caller is not a member (a public group they may join).
 */
export const chatChannelSchema = z.object({
  id: z.uuid(),
  type: z.enum(CHAT_CHANNEL_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  isPrivate: z.boolean(),
  role: z.enum(CHAT_ROLES).nullable(),
  memberCount: z.number().int().min(0),
  otherMember: chatPersonSchema.nullable(),
  unreadCount: z.number().int().min(0),
  lastMessage: chatMessagePreviewSchema.nullable(),
  createdAt: instantSchema,
  can: chatChannelAbilitiesSchema,
});
export type ChatChannel = z.infer<typeof chatChannelSchema>;

export const chatChannelPageSchema = pageOf(chatChannelSchema);

/** A message's attached file: served at `url` to the channel's members (an image shown, a PDF downloaded). */
export const chatAttachmentSchema = z.object({
  url: z.string(),
  name: z.string(),
  contentType: z.enum(CHAT_ATTACHMENT_TYPES),
  kind: z.enum(['image', 'pdf']),
  size: z.number().int().min(1),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** One message; a deleted one keeps its place with empty `content`, no attachment and `isDeleted`. */
export const chatMessageSchema = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  sender: chatPersonSchema,
  content: z.string(),
  replyToId: z.uuid().nullable(),
  attachment: chatAttachmentSchema.nullable(),
  isEdited: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  can: chatMessageAbilitiesSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A page of history, newest first; `nextBefore` asks for the page before it, null at the start of the channel. */
export const chatMessagePageSchema = z.object({ items: z.array(chatMessageSchema), nextBefore: z.uuid().nullable() });
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

/** A member of a channel as its members list shows it: who they are, their role and when they joined. */
export const chatChannelMemberSchema = chatPersonSchema.extend({ role: z.enum(CHAT_ROLES), joinedAt: instantSchema });
export type ChatChannelMember = z.infer<typeof chatChannelMemberSchema>;

/** GET /api/chat/channels/:id/members: owners first, then by joining. */
export const chatChannelMemberListSchema = z.object({ items: z.array(chatChannelMemberSchema) });
export type ChatChannelMemberList = z.infer<typeof chatChannelMemberListSchema>;

/** POST /api/chat/channels/:id/read: when the caller last read the channel, now. */
export const chatReadSchema = z.object({ lastReadAt: instantSchema });

/** One search result: where the message is, who wrote it and when, and a stretch of its words around the match. */
export const chatSearchResultSchema = z.object({
  id: z.uuid(),
  channelId: z.uuid(),
  channelName: z.string(),
  channelType: z.enum(CHAT_CHANNEL_TYPES),
  sender: chatPersonSchema,
  createdAt: instantSchema,
  snippet: z.string(),
});
export type ChatSearchResult = z.infer<typeof chatSearchResultSchema>;

/** A page of search results, newest first; `nextBefore` asks for the next (older) page, null after the last. */
export const chatSearchPageSchema = z.object({ items: z.array(chatSearchResultSchema), nextBefore: z.uuid().nullable() });
export type ChatSearchPage = z.infer<typeof chatSearchPageSchema>;
