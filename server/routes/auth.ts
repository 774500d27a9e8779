import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { loginSchema, registerSchema } from '../../common/schemas/auth.ts';
import { loginResultSchema } from '../../common/schemas/security.ts';
import { siteInfoSchema, userEnvelopeSchema } from '../../common/schemas/user.ts';
import type { AppContext } from '../app.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { mailLinkOrigin } from '../lib/request-target.ts';
import { endSession, startSession } from '../plugins/session.ts';
import { beginSecondStep } from '../plugins/sign-in-challenge.ts';
import { NO_SECOND_FACTOR, presentCurrentUser } from '../presenters/user.ts';
import { admitRegistration, createApplicant, findByLogin } from '../services/accounts.ts';
import { sendVerificationEmail } from '../services/email-verification.ts';
import { noteFirstSignIn } from '../services/first-sign-in.ts';
import { admitSignIn, signInSucceeded, throttleAccount } from '../services/login-throttle.ts';
import { readSecurity } from '../services/two-factor.ts';
import { emailVerificationRoutes } from './email-verification.ts';

const INVALID_LOGIN = 'Invalid username or password.';

/** Register, sign in, sign out and the current user (with the abilities the web shows its actions from). */
export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, now: ctx.now };

    app.post('/api/auth/register', { config: { access: 'public' }, schema: { body: registerSchema, response: { 201: userEnvelopeSchema } } }, async (request, reply) => {
      await admitRegistration(ctx.db, ctx.config, request.ip, ctx.now());
      const user = await createApplicant(ctx.db, request.body);
      request.log.info({ userId: user.id }, 'new membership application');
      await sendVerificationEmail({ ...deps, mailer: ctx.mailer, log: request.log }, mailLinkOrigin(ctx.config.publicUrl, request), user);
      await startSession(request, reply, deps, user.id);
      return reply.code(201).send({ user: presentCurrentUser(user, NO_SECOND_FACTOR) });
    });

    app.post('/api/auth/login', { config: { access: 'public' }, schema: { body: loginSchema, response: { 200: loginResultSchema } } }, async (request, reply) => {
      const { username, password } = request.body;
      const user = await findByLogin(ctx.db, username);
      // counted per account, not per spelling: the username and the e-mail address share one limit
      const account = throttleAccount(username, user);
      // the attempt is counted before the password is checked, so parallel guesses cannot outrun the limit
      const admission = await admitSignIn(ctx.db, account, request.ip, ctx.config.login, ctx.now());
      if (!admission.admitted) {
        request.log.warn({ login: username, ip: request.ip }, 'sign-in throttled');
        throw new AppError('rate_limited', 'Too many failed sign-in attempts. Please try again later.', { headers: { 'Retry-After': String(admission.retryAfter) } });
      }
      const ok = (await verifyPassword(user?.password, password)) && !!user && user.isActive;
      if (!ok || !user) {
        request.log.warn({ login: username, ip: request.ip, route: request.url }, 'failed sign-in');
        throw new AppError('unauthorized', INVALID_LOGIN);
      }
      await signInSucceeded(ctx.db, account, admission.ids);
      const security = await readSecurity(ctx.db, user.id);
      if (security.twoFactorEnabled) {
        // no session yet: the code is owed first (POST /api/auth/login/2fa)
        await beginSecondStep(request, reply, deps, user.id);
        return { twoFactorRequired: true as const };
      }
      await startSession(request, reply, deps, user.id);
      return { user: presentCurrentUser(user, security) };
    });

    app.post('/api/auth/logout', { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async (request, reply) => {
      await endSession(request, reply, deps);
      return { ok: true as const };
    });

    app.get('/api/auth/me', { config: { access: 'session', duringTwoFactorSetup: true }, schema: { response: { 200: userEnvelopeSchema } } }, async (request) => {
      const user = await noteFirstSignIn(ctx.db, request.user!, request.sessionId, ctx.now());
      return { user: presentCurrentUser(user, request.security!, request.sessionId) };
    });

    /** Public facts the sign-in and status screens need before anyone is signed in. */
    app.get('/api/site', { config: { access: 'public' }, schema: { response: { 200: siteInfoSchema } } }, async () => ({
      brandName: ctx.config.brandName,
      supportEmail: ctx.config.supportEmail,
      signIn: { google: !!ctx.config.oidc.google, apple: !!ctx.config.oidc.apple },
    }));

    await app.register(emailVerificationRoutes(ctx));
  };
