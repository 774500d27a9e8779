import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordResultSchema,
  forgotPasswordSchema,
  invitationResultSchema,
  invitationSchema,
  resetPasswordResultSchema,
  resetPasswordSchema,
} from '../../common/schemas/password-reset.ts';
import type { AppContext } from '../app.ts';
import { mailLinkOrigin } from '../lib/request-target.ts';
import { inviteMember } from '../services/invitations.ts';
import { admitResetSubmit, passwordResetRequestsSettled, resetPassword, sendPasswordResetAsAdmin, startPasswordResetRequest } from '../services/password-reset.ts';

const idParams = z.object({ id: z.uuid('User not found.') });
const ok = z.object({ ok: z.literal(true) });

/**
 * Forgotten passwords, administrators' reset links and invitations: each mails a signed link to the page
 * /reset-password, which sets the password with POST /api/auth/reset-password.
 */
export const passwordResetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.now, log: app.log };
    app.addHook('onClose', async () => {
      await passwordResetRequestsSettled(ctx.db);
    });

    // public, and the same answer at once whatever the address: whether an account has it is decided after the answer
    app.post(
      '/api/auth/forgot-password',
      { config: { access: 'public' }, schema: { body: forgotPasswordSchema, response: { 202: forgotPasswordResultSchema } } },
      async (request, reply) => {
        startPasswordResetRequest(deps, mailLinkOrigin(ctx.config.publicUrl, request), request.body.email, request.ip);
        return reply.code(202).send({ ok: true as const });
      },
    );

    // public: the link is opened signed out as often as signed in; the token itself is the proof
    app.post(
      '/api/auth/reset-password',
      { config: { access: 'public' }, schema: { body: resetPasswordSchema, response: { 200: resetPasswordResultSchema } } },
      async (request) => {
        await admitResetSubmit(ctx.db, request.ip, ctx.now());
        const { userId, kind } = await resetPassword({ ...deps, log: request.log }, request.body.token, request.body.newPassword);
        request.log.info({ userId, kind }, 'password set with an e-mailed link');
        return { ok: true as const, kind };
      },
    );

    app.post(
      '/api/users/:id/password-reset',
      { config: { access: 'admin' }, schema: { params: idParams, body: z.object({}).strict().nullish(), response: { 202: ok } } },
      async (request, reply) => {
        await sendPasswordResetAsAdmin({ ...deps, log: request.log }, request.user!, request.params.id, mailLinkOrigin(ctx.config.publicUrl, request));
        return reply.code(202).send({ ok: true as const });
      },
    );

    app.post(
      '/api/admin/invitations',
      { config: { access: 'admin' }, schema: { body: invitationSchema, response: { 201: invitationResultSchema } } },
      async (request, reply) => {
        const invited = await inviteMember({ ...deps, log: request.log }, request.user!, request.body, mailLinkOrigin(ctx.config.publicUrl, request));
        request.log.info({ userId: invited.id }, 'member invited');
        return reply.code(201).send(invited);
      },
    );
  };
