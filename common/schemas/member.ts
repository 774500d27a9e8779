import { z } from 'zod';
import { connectionAbilitiesSchema } from './abilities.ts';
import { instantSchema } from './money.ts';
import { pageOf, pageQuery } from './page.ts';

/** A member as other members see them in the directory and recommendations: no e-mail, phone or address. */
export const memberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  profilePicture: z.string().nullable(),
  industries: z.array(z.string()),
  expertise: z.array(z.string()),
  linkedinUrl: z.string().nullable(),
  website: z.string().nullable(),
  role: z.string(),
  membershipTier: z.string(),
  yearsExperience: z.number().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberQuerySchema = pageQuery(24, 60).extend({
  search: z.string().trim().max(100).optional(),
  industry: z.string().trim().max(100).optional(),
  expertise: z.string().trim().max(100).optional(),
});

export const memberPageSchema = pageOf(memberSchema);
export type MemberPage = z.infer<typeof memberPageSchema>;

export const recommendationSchema = memberSchema.extend({ score: z.number(), reasons: z.array(z.string()) });
export type MemberRecommendation = z.infer<typeof recommendationSchema>;
/** GET /api/members/recommendations: the top eight, best first, in the one list envelope (always one page). */
export const recommendationPageSchema = pageOf(recommendationSchema);
export type RecommendationPage = z.infer<typeof recommendationPageSchema>;

/** POST /api/member-connections: the receiver is accepted as receiverId or, as older clients send it, requesteeId. */
export const connectionRequestSchema = z
  .object({
    receiverId: z.uuid('Unknown member').optional(),
    requesteeId: z.uuid('Unknown member').optional(),
    message: z.string().trim().max(500, 'Message must be at most 500 characters').optional(),
  })
  .strict()
  .refine((v) => !!(v.receiverId ?? v.requesteeId), { message: 'Choose a member to connect with', path: ['receiverId'] });

export const connectionResponseSchema = z.object({ status: z.enum(['accepted', 'declined']) }).strict();

export const CONNECTION_STATUSES = ['pending', 'accepted'] as const;

/** A connection or request as both members see it: who sent it, who received it, and the other member. */
export const connectionSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  message: z.string().nullable(),
  createdAt: instantSchema,
  otherMember: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), company: z.string().nullable(), jobTitle: z.string().nullable() }),
  can: connectionAbilitiesSchema,
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionPageSchema = pageOf(connectionSchema);
export type ConnectionPage = z.infer<typeof connectionPageSchema>;

/**
 * GET /api/member-connections: the member's connections and requests, newest first; `direction` narrows to
 * requests they received or sent.
 */
export const connectionQuerySchema = pageQuery(25).extend({
  status: z.enum(CONNECTION_STATUSES).optional(),
  direction: z.enum(['incoming', 'outgoing']).optional(),
});
export const connectionStateSchema = z.object({ id: z.string(), status: z.enum(['pending', 'accepted', 'declined']) });
export type ConnectionState = z.infer<typeof connectionStateSchema>;
