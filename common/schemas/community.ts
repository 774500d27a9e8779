import { z } from 'zod';
import { COMMUNITY_LIMITS as L, POST_CATEGORIES } from '../constants/community.ts';
import { instantSchema } from './money.ts';
import { memberSchema } from './member.ts';
import { pageOf, pageQuery } from './page.ts';
import { FEED_ORDERS, reactionSummarySchema } from './conversations.ts';

/* ---------- feed ---------- */

/** POST /api/community-posts: the fields as JSON, or as multipart form fields next to an `image` file. */
export const postCreateSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(L.postTitle.max, `Title must be at most ${L.postTitle.max} characters`),
  content: z.string().trim().min(1, 'Content is required').max(L.postContent.max, `Content must be at most ${L.postContent.max} characters`),
  category: z.enum(POST_CATEGORIES, { error: 'Choose a category' }).default('discussion'),
});
export type PostCreate = z.input<typeof postCreateSchema>;

/** `pin`: the viewer may pin and unpin it (administrators); `report`: may report it to the moderators (someone else's post, not hidden). */
export const postAbilitiesSchema = z.object({ delete: z.boolean(), edit: z.boolean(), pin: z.boolean(), report: z.boolean() });

export const postSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.enum(POST_CATEGORIES),
  imageUrl: z.string().nullable(),
  authorId: z.string(),
  authorName: z.string(),
  authorPicture: z.string().nullable(),
  authorJobTitle: z.string().nullable(),
  authorCompany: z.string().nullable(),
  createdAt: instantSchema,
  /** When its author last changed it; null if never. */
  editedAt: instantSchema.nullable(),
  /** The post's creation or its latest comment, whichever is later. */
  lastActivityAt: instantSchema,
  /** Its comments that are neither deleted nor hidden by a moderator. */
  commentCount: z.number().int().min(0),
  reactions: z.array(reactionSummarySchema),
  /** When an administrator pinned it to the top of the feed; null when not pinned (MAX_PINNED_POSTS). */
  pinnedAt: instantSchema.nullable(),
  /** Hidden by a moderator: only its author and the administrators see it, marked HIDDEN_CONTENT_LABEL (common/schemas/moderation.ts). */
  hidden: z.boolean(),
  can: postAbilitiesSchema,
});
export type Post = z.infer<typeof postSchema>;

/** GET /api/community-posts: newest first (or latest activity first), optionally one category or one author. */
export const postQuerySchema = pageQuery(10, 50).extend({
  order: z.enum(FEED_ORDERS).default('newest'),
  category: z.enum(POST_CATEGORIES).optional(),
  authorId: z.uuid().optional(),
});
/**
 * A feed page; `pinned` holds the pinned posts, newest-pinned first, on the whole feed's first page only (else empty).
 * The whole feed's pages and `total` leave the pinned posts out (they are never shown twice).
 */
export const postPageSchema = pageOf(postSchema).extend({ pinned: z.array(postSchema) });
export type PostPage = z.infer<typeof postPageSchema>;

/* ---------- directory and member profile ---------- */

/** The viewer's connection with a member: none, a request either way, or connected. */
export const connectionStateWithSchema = z.object({
  status: z.enum(['none', 'pending', 'accepted']),
  /** Who asked, when there is a request or connection. */
  direction: z.enum(['incoming', 'outgoing']).nullable(),
  connectionId: z.string().nullable(),
});
export type ConnectionWith = z.infer<typeof connectionStateWithSchema>;

export const directoryMemberSchema = memberSchema.extend({ connection: connectionStateWithSchema });
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;

/** GET /api/members: one page of the directory plus the Active Partners count (role partner and active). */
export const directoryQuerySchema = pageQuery(24, 60).extend({
  search: z.string().trim().max(100).optional(),
  industry: z.string().trim().max(100).optional(),
  expertise: z.string().trim().max(100).optional(),
  location: z.string().trim().max(100).optional(),
});
export const directoryPageSchema = pageOf(directoryMemberSchema).extend({ activePartners: z.number().int().min(0) });
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

/* ---------- endorsements ---------- */

/** POST /api/skill-endorsements. */
export const endorsementCreateSchema = z
  .object({
    endorseeId: z.uuid('Unknown member'),
    skillName: z.string().trim().min(1, 'Choose a skill').max(L.skillName.max),
    message: z.string().trim().max(L.endorsementMessage.max, `Message must be at most ${L.endorsementMessage.max} characters`).optional(),
  })
  .strict();
export type EndorsementCreate = z.infer<typeof endorsementCreateSchema>;

export const endorsementSchema = z.object({
  id: z.string(),
  endorseeId: z.string(),
  endorserId: z.string(),
  skillName: z.string(),
  message: z.string().nullable(),
  createdAt: instantSchema,
  endorser: z.object({ firstName: z.string(), lastName: z.string(), profilePicture: z.string().nullable() }),
  can: z.object({ remove: z.boolean() }),
});
export type Endorsement = z.infer<typeof endorsementSchema>;

/** GET /api/skill-endorsements/skill/{userId}/{skill}: everyone who endorsed that skill, newest first. */
export const skillEndorsementsSchema = z.object({ skillName: z.string(), count: z.number().int(), items: z.array(endorsementSchema) });

/** GET /api/skill-endorsements/check/{userId}/{skill}. */
export const endorsementCheckSchema = z.object({ hasEndorsed: z.boolean(), endorsementId: z.string().nullable() });

/**
 * GET /api/skill-endorsements/user/{userId}: every skill the member lists, with its count, whether the viewer
 * endorsed it, and its latest endorsers (up to 5); plus the 3 most recent endorsements and the 3 most endorsed skills.
 */
export const userEndorsementsSchema = z.object({
  skills: z.record(
    z.string(),
    z.object({ count: z.number().int(), hasEndorsed: z.boolean(), myEndorsementId: z.string().nullable(), endorsements: z.array(endorsementSchema) }),
  ),
  recent: z.array(endorsementSchema),
  topSkills: z.array(z.object({ skillName: z.string(), count: z.number().int() })),
  total: z.number().int(),
});
export type UserEndorsements = z.infer<typeof userEndorsementsSchema>;

/** GET /api/users/{id}: a member's profile as another member sees it, with the connection between them. */
export const memberProfileSchema = directoryMemberSchema.extend({
  totalPoints: z.number().int(),
  currentLevel: z.number().int(),
  levelName: z.string(),
  connectionsCount: z.number().int(),
  memberSince: instantSchema.nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/* ---------- CEO contact ---------- */

export const ceoMessageCreateSchema = z
  .object({
    subject: z.string().trim().min(1, 'Subject is required').max(L.ceoSubject.max, `Subject must be at most ${L.ceoSubject.max} characters`),
    message: z
      .string()
      .trim()
      .min(10, 'Message must be at least 10 characters')
      .max(L.ceoMessage.max, `Message must be at most ${L.ceoMessage.max.toLocaleString('en-GB')} characters`),
  })
  .strict();
export type CeoMessageCreate = z.infer<typeof ceoMessageCreateSchema>;
export const ceoMessageSchema = z.object({ id: z.string(), subject: z.string(), message: z.string(), createdAt: instantSchema });
export type CeoMessage = z.infer<typeof ceoMessageSchema>;
/** GET /api/ceo-messages: the sender's own messages, newest first, and how many they may still send today. */
export const ceoMessagePageSchema = pageOf(ceoMessageSchema).extend({ remainingToday: z.number().int().min(0) });
export type CeoMessagePage = z.infer<typeof ceoMessagePageSchema>;

/** POST /api/onboarding/seen: remembers a one-time introduction as seen. */
export const introSeenSchema = z.object({ key: z.string().trim().min(1).max(40) }).strict();
