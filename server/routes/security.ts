import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../common/errors.ts';
import { okSchema } from '../../common/schemas/profile.ts';
import {
  activeSessionListSchema,
  confirmIdentitySchema,
  identityConfirmedSchema,
  loginSecondStepSchema,
  oauthProviderParams,
  recoveryCodesRegenerateSchema,
  recoveryCodesSchema,
  securitySettingsSchema,
  sessionIdParams,
  signedOutCountSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupResultSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../../common/schemas/security.ts';
import { userEnvelopeSchema } from '../../common/schemas/user.ts';
import type { AppContext } from '../app.ts';
import { endSession, startSession } from '../plugins/session.ts';
import { challengeToken, clearSecondStep } from '../plugins/sign-in-challenge.ts';
import { presentCurrentUser } from '../presenters/user.ts';
import { getSecuritySettings, setSecuritySettings } from '../services/app-settings.ts';
import { confirmIdentity } from '../services/reauthentication.ts';
import { sendSecurityNotice } from '../services/security-notices.ts';
import { unlinkProvider } from '../services/oauth-accounts.ts';
import {
  closeChallenge,
  disableTwoFactor,
  enableTwoFactor,
  findChallenge,
  proveSecondFactor,
  readSecurity,
  regenerateRecoveryCodes,
  startSetup,
  twoFactorStatus,
} from '../services/two-factor.ts';
import { listSessions, revokeSession, signOutOtherSessions } from '../services/user-sessions.ts';

export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please enter your username and password again.';

/**
 * Profile Settings → Security (two-factor sign-in, active sessions, unlinking Google or Apple), the second step
 * of a two-factor sign-in, and the organisation's security setting in the Admin Panel.
 */
export const securityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, config: ctx.config, now: ctx.now, mailer: ctx.mailer };
    /** Reachable by an administrator who must still turn two-factor sign-in on. */
    const setup = { duringTwoFactorSetup: true };

    app.post(
      '/api/auth/login/2fa',
      { config: { access: 'public' }, schema: { body: loginSecondStepSchema, response: { 200: userEnvelopeSchema } } },
      async (request, reply) => {
        const token = challengeToken(request);
        const challenge = token ? await findChallenge(ctx.db, token, ctx.now()) : undefined;
        if (!challenge) {
          clearSecondStep(request, reply, deps);
          throw new AppError('unauthorized', CHALLENGE_EXPIRED);
        }
        try {
          await proveSecondFactor(deps, challenge.user.id, request.ip, request.body, { challengeId: challenge.id });
        } catch (err) {
          request.log.warn({ userId: challenge.user.id, ip: request.ip, route: request.url }, 'two-factor code refused');
          // this challenge has taken its share of wrong codes and is gone: the password is owed again
          if (err instanceof AppError && err.code === 'unauthorized') clearSecondStep(request, reply, deps);
          throw err;
        }
        if (!(await closeChallenge(ctx.db, challenge.id))) throw new AppError('unauthorized', CHALLENGE_EXPIRED);
        clearSecondStep(request, reply, deps);
        await startSession(request, reply, deps, challenge.user.id);
        if (request.body.recoveryCode) request.log.info({ userId: challenge.user.id }, 'signed in with a recovery code');
        return { user: presentCurrentUser(challenge.user, await readSecurity(ctx.db, challenge.user.id)) };
      },
    );

    app.post(
      '/api/auth/confirm-identity',
      { config: { access: 'session' }, schema: { body: confirmIdentitySchema, response: { 200: identityConfirmedSchema } } },
      async (request) => {
        try {
          const until = await confirmIdentity(deps, request.user!, request.sessionId!, request.ip, request.body);
          request.log.info({ userId: request.user!.id }, 'identity confirmed');
          return { confirmedUntil: until.toISOString() };
        } catch (err) {
          if (err instanceof AppError && (err.code === 'validation_failed' || err.code === 'rate_limited')) {
            request.log.warn({ userId: request.user!.id, ip: request.ip, route: request.url }, 'identity confirmation refused');
          }
          throw err;
        }
      },
    );

    app.get('/api/auth/2fa', { config: setup, schema: { response: { 200: twoFactorStatusSchema } } }, async (request) => twoFactorStatus(ctx.db, request.user!.id));

    app.post('/api/auth/2fa/setup', { config: setup, schema: { body: twoFactorSetupSchema, response: { 200: twoFactorSetupResultSchema } } }, async (request) =>
      startSetup(deps, request.user!, request.ip, request.body.password),
    );

    app.post('/api/auth/2fa/enable', { config: setup, schema: { body: twoFactorEnableSchema, response: { 200: recoveryCodesSchema } } }, async (request) => {
      const recoveryCodes = await enableTwoFactor(deps, request.user!, request.ip, request.body.code);
      // a member turns it on often because they fear someone else has their password: every other session ends
      if (request.sessionId) await signOutOtherSessions(deps.db, request.user!.id, request.sessionId);
      request.log.info({ userId: request.user!.id }, 'two-factor sign-in turned on');
      return { recoveryCodes };
    });

    app.post('/api/auth/2fa/disable', { schema: { body: twoFactorDisableSchema, response: { 200: okSchema } } }, async (request) => {
      await disableTwoFactor(deps, request.user!, request.ip, request.body, request.security!);
      request.log.info({ userId: request.user!.id }, 'two-factor sign-in turned off');
      return { ok: true as const };
    });

    app.post('/api/auth/2fa/recovery-codes', { schema: { body: recoveryCodesRegenerateSchema, response: { 200: recoveryCodesSchema } } }, async (request) => {
      const recoveryCodes = await regenerateRecoveryCodes(deps, request.user!, request.ip, request.body);
      request.log.info({ userId: request.user!.id }, 'recovery codes replaced');
      return { recoveryCodes };
    });

    app.get('/api/auth/sessions', { schema: { response: { 200: activeSessionListSchema } } }, async (request) => ({
      items: await listSessions(deps, request.user!.id, request.sessionId),
    }));

    app.delete('/api/auth/sessions/:id', { schema: { params: sessionIdParams, response: { 200: okSchema } } }, async (request, reply) => {
      const { current } = await revokeSession(deps, request.user!.id, request.sessionId, request.params.id);
      // signing out this device is a sign-out: the cookie goes too
      if (current) await endSession(request, reply, deps);
      return { ok: true as const };
    });

    app.post('/api/auth/sessions/sign-out-others', { config: { reauth: true }, schema: { response: { 200: signedOutCountSchema } } }, async (request) => {
      const signedOut = await signOutOtherSessions(ctx.db, request.user!.id, request.sessionId!);
      request.log.info({ userId: request.user!.id, signedOut }, 'other sessions signed out');
      return { signedOut };
    });

    app.delete(
      '/api/auth/oauth/:provider',
      { config: { reauth: true }, schema: { params: oauthProviderParams, response: { 200: userEnvelopeSchema } } },
      async (request) => {
        const user = await unlinkProvider(ctx.db, request.user!.id, request.params.provider);
        request.log.info({ userId: user.id, provider: request.params.provider }, 'sign-in method unlinked');
        await sendSecurityNotice(deps, user, { kind: 'provider-unlinked', provider: request.params.provider });
        return { user: presentCurrentUser(user, request.security!) };
      },
    );

    app.get('/api/admin/settings/security', { config: { access: 'admin' }, schema: { response: { 200: securitySettingsSchema } } }, async () =>
      getSecuritySettings(ctx.db),
    );

    app.put(
      '/api/admin/settings/security',
      { config: { access: 'admin' }, schema: { body: securitySettingsSchema, response: { 200: securitySettingsSchema } } },
      async (request) => {
        const saved = await setSecuritySettings(deps, request.user!, request.body);
        request.log.info({ userId: request.user!.id, ...saved }, 'security settings saved');
        return saved;
      },
    );
  };
