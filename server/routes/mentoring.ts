import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mentorDiscoveryPageSchema,
  mentorDiscoveryQuerySchema,
  mentorProfileCreateSchema,
  mentorProfileSchema,
  mentorProfileUpdateSchema,
  mentorshipRequestCreateSchema,
  mentorshipRequestListQuerySchema,
  mentorshipRequestPageSchema,
  mentorshipRequestSchema,
  mentorshipSessionCreateSchema,
  mentorshipSessionRateSchema,
  mentorshipSessionSchema,
  ownMentorProfileSchema,
} from '../../common/schemas/mentoring.ts';
import { pageOf, pageQuery } from '../../common/schemas/page.ts';
import type { AppContext } from '../app.ts';
import { listMentors } from '../services/mentor-discovery.ts';
import {
  completeSession,
  createMentorProfile,
  getMentorProfile,
  getOwnMentorProfile,
  listSessions,
  rateSession,
  scheduleSession,
  updateOwnMentorProfile,
} from '../services/mentoring.ts';
import { answerRequest, completeRequest, createMentorshipRequest, listMenteeRequests, listMentorRequests, withdrawRequest } from '../services/mentorship-requests.ts';

const userParams = z.object({ userId: z.uuid('Mentor profile not found.') });
const requestParams = z.object({ id: z.uuid('Mentorship request not found.') });
const sessionParams = z.object({ id: z.uuid('Session not found.') });

/**
 * Mentor matching, for approved members (the default access): discover mentors scored for the caller, become a
 * mentor, ask for mentorship, and answer, withdraw or end requests; the mentor schedules sessions and the mentee
 * rates them. Who may do what is in server/policies/mentoring.ts.
 */
export const mentoringRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/mentor-profiles', { schema: { querystring: mentorDiscoveryQuerySchema, response: { 200: mentorDiscoveryPageSchema } } }, async (request) => {
      const q = request.query;
      const page = await listMentors(ctx.db, request.user!, q);
      return { ...page, page: q.page, pageSize: q.pageSize };
    });

    app.get('/api/mentor-profiles/me', { schema: { response: { 200: ownMentorProfileSchema } } }, async (request) => ({
      profile: await getOwnMentorProfile(ctx.db, request.user!),
    }));

    app.get('/api/mentor-profile/:userId', { schema: { params: userParams, response: { 200: mentorProfileSchema } } }, async (request) =>
      getMentorProfile(ctx.db, request.user!, request.params.userId),
    );

    app.post('/api/mentor-profiles', { schema: { body: mentorProfileCreateSchema, response: { 201: mentorProfileSchema } } }, async (request, reply) => {
      const profile = await createMentorProfile(ctx.db, request.user!, request.body, ctx.now());
      return reply.code(201).send(profile);
    });

    app.patch('/api/mentor-profiles/me', { schema: { body: mentorProfileUpdateSchema, response: { 200: mentorProfileSchema } } }, async (request) =>
      updateOwnMentorProfile(ctx.db, request.user!, request.body, ctx.now()),
    );

    app.post('/api/mentorship-requests', { schema: { body: mentorshipRequestCreateSchema, response: { 201: mentorshipRequestSchema } } }, async (request, reply) => {
      const created = await createMentorshipRequest(ctx.db, request.user!, request.body, ctx.now());
      return reply.code(201).send(created);
    });

    app.get(
      '/api/mentorship-requests/mentee/:userId',
      {
        schema: {
          params: z.object({ userId: z.uuid('Member not found.') }),
          querystring: mentorshipRequestListQuerySchema,
          response: { 200: mentorshipRequestPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const page = await listMenteeRequests(ctx.db, request.user!, request.params.userId, q);
        return { ...page, page: q.page, pageSize: q.pageSize };
      },
    );

    app.get(
      '/api/mentorship-requests/mentor',
      { schema: { querystring: mentorshipRequestListQuerySchema, response: { 200: mentorshipRequestPageSchema } } },
      async (request) => {
        const q = request.query;
        const page = await listMentorRequests(ctx.db, request.user!, q);
        return { ...page, page: q.page, pageSize: q.pageSize };
      },
    );

    const requestAction = { schema: { params: requestParams, response: { 200: mentorshipRequestSchema } } };
    app.post('/api/mentorship-requests/:id/withdraw', requestAction, async (request) => withdrawRequest(ctx.db, request.user!, request.params.id, ctx.now()));
    app.post('/api/mentorship-requests/:id/accept', requestAction, async (request) => answerRequest(ctx.db, request.user!, request.params.id, 'accepted', ctx.now()));
    app.post('/api/mentorship-requests/:id/decline', requestAction, async (request) => answerRequest(ctx.db, request.user!, request.params.id, 'declined', ctx.now()));
    app.post('/api/mentorship-requests/:id/complete', requestAction, async (request) => completeRequest(ctx.db, request.user!, request.params.id, ctx.now()));

    app.get(
      '/api/mentorship-requests/:id/sessions',
      { schema: { params: requestParams, querystring: pageQuery(25, 100), response: { 200: pageOf(mentorshipSessionSchema) } } },
      async (request) => {
        const q = request.query;
        const page = await listSessions(ctx.db, request.user!, request.params.id, q);
        return { ...page, page: q.page, pageSize: q.pageSize };
      },
    );

    app.post(
      '/api/mentorship-requests/:id/sessions',
      { schema: { params: requestParams, body: mentorshipSessionCreateSchema, response: { 201: mentorshipSessionSchema } } },
      async (request, reply) => {
        const session = await scheduleSession(ctx.db, request.user!, request.params.id, request.body, ctx.now());
        return reply.code(201).send(session);
      },
    );

    app.post('/api/mentorship-sessions/:id/complete', { schema: { params: sessionParams, response: { 200: mentorshipSessionSchema } } }, async (request) =>
      completeSession(ctx.db, request.user!, request.params.id, ctx.now()),
    );

    app.post(
      '/api/mentorship-sessions/:id/rate',
      { schema: { params: sessionParams, body: mentorshipSessionRateSchema, response: { 200: mentorshipSessionSchema } } },
      async (request) => rateSession(ctx.db, request.user!, request.params.id, request.body, ctx.now()),
    );
  };
