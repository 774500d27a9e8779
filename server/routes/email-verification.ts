import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { verifyEmailSchema } from '../../common/schemas/auth.ts';
import type { AppContext } from '../app.ts';
import { mailLinkOrigin } from '../lib/request-target.ts';
import { admitResend, confirmEmail, sendVerificationEmail } from '../services/email-verification.ts';

const ok = z.object({ ok: z.literal(true) });

/** Proving ownership of the e-mail address given at registration: confirm a link, or ask for a new one. */
export const emailVerificationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.now };

    // public: the link is opened signed out as often as signed in; the token itself is the proof
    app.post('/api/auth/verify-email', { config: { access: 'public' }, schema: { body: verifyEmailSchema, response: { 200: ok } } }, async (request) => {
      const userId = await confirmEmail(ctx.db, ctx.config, request.body.token, ctx.now());
      request.log.info({ userId }, 'e-mail address verified');
      return { ok: true as const };
    });

    // session: a pending applicant asks from the application status screen
    app.post(
      '/api/auth/resend-verification',
      { config: { access: 'session' }, schema: { body: z.object({}).strict().nullish(), response: { 200: ok } } },
      async (request) => {
        const user = request.user!;
        if (user.emailVerifiedAt) throw new AppError('conflict', 'Your email address is already verified.');
        await admitResend(ctx.db, ctx.config, user.id, request.ip, ctx.now());
        await sendVerificationEmail({ ...deps, log: request.log }, mailLinkOrigin(ctx.config.publicUrl, request), user);
        return { ok: true as const };
      },
    );
  };
