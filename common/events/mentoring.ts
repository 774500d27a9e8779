import { z } from 'zod';
import type { DomainEventSchemas } from './types.ts';

/** A mentorship request's two sides. */
const request = z.object({ requestId: z.uuid(), menteeId: z.uuid(), mentorId: z.uuid() });

/** A session of a mentorship, with its request's two sides. */
const session = request.extend({ sessionId: z.uuid() });

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const mentoringEvents = {
  'mentor_profile.created': {
    entityType: 'mentor_profile',
    describe: 'A member became a mentor',
    schema: z.object({ profileId: z.uuid(), userId: z.uuid(), maxMentees: z.number().int() }),
  },
  'mentorship.requested': {
    entityType: 'mentorship_request',
    describe: 'A member asked a mentor for mentorship',
    schema: request,
  },
  'mentorship.withdrawn': {
    entityType: 'mentorship_request',
    describe: 'A mentee took back their pending mentorship request',
    schema: request,
  },
  'mentorship.accepted': {
    entityType: 'mentorship_request',
    describe: 'A mentor accepted a mentorship request, taking one of their places',
    schema: request,
  },
  'mentorship.declined': {
    entityType: 'mentorship_request',
    describe: 'A mentor declined a mentorship request',
    schema: request,
  },
  'mentorship.ended': {
    entityType: 'mentorship_request',
    describe: 'Either side marked an accepted mentorship completed, freeing the mentor’s place',
    schema: request.extend({ endedBy: z.enum(['mentee', 'mentor']) }),
  },
  'mentorship.session_scheduled': {
    entityType: 'mentorship_session',
    describe: 'A mentor scheduled a session of an accepted mentorship',
    schema: session.extend({ scheduledAt: z.iso.datetime({ offset: true }), durationMinutes: z.number().int() }),
  },
  'mentorship.session_completed': {
    entityType: 'mentorship_session',
    describe: 'Either side marked a scheduled session as held',
    schema: session,
  },
  'mentorship.session_rated': {
    entityType: 'mentorship_session',
    describe: 'A mentee rated a held session, one to five',
    schema: session.extend({ rating: z.number().int().min(1).max(5) }),
  },
} satisfies DomainEventSchemas;
