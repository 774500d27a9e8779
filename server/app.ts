import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createLiveBus, type LiveBus } from './live/bus.ts';
import { serializeError, serializeRequest } from './lib/log-redaction.ts';
import { isApiRequest, toOriginForm } from './lib/request-target.ts';
import { createMailer, type Mailer } from './plugins/mailer.ts';
import { registerBearer } from './plugins/bearer.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerErrorHandler, sendError, sendFrameworkError } from './plugins/errors.ts';
import { registerReauthGuard } from './plugins/reauthentication.ts';
import { registerRequestGuards } from './plugins/request-guards.ts';
import { registerSessions } from './plugins/session.ts';
import { createStorage, type FileStorage } from './plugins/storage.ts';
import { registerWebAssets } from './plugins/web-assets.ts';
import { accountRoutes } from './routes/account.ts';
import { adminApplicationRoutes } from './routes/admin-applications.ts';
import { adminJobRoutes } from './routes/admin-jobs.ts';
import { adminOutboxRoutes } from './routes/admin-outbox.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { apiTokenRoutes } from './routes/api-tokens.ts';
import { importRoutes } from './routes/imports.ts';
import { authRoutes } from './routes/auth.ts';
import { commissionRoutes } from './routes/commissions.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { leadRoutes } from './routes/leads.ts';
import { leadCommentRoutes } from './routes/lead-comments.ts';
import { memberRoutes } from './routes/members.ts';
import { healthRoutes } from './routes/health.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { payoutDetailsRoutes } from './routes/payout-details.ts';
import { payoutRunRoutes } from './routes/payout-runs.ts';
import { payoutDocumentRoutes } from './routes/payout-documents.ts';
import { profileRoutes } from './routes/profile.ts';
import { securityRoutes } from './routes/security.ts';
import { communityPostRoutes } from './routes/community-posts.ts';
import { postCommentRoutes } from './routes/post-comments.ts';
import { mentionRoutes } from './routes/mentions.ts';
import { searchRoutes } from './routes/search.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { ceoMessageRoutes } from './routes/ceo-messages.ts';
import { endorsementRoutes } from './routes/endorsements.ts';
import { gamificationRoutes } from './routes/gamification.ts';
import { leaderboardRoutes } from './routes/leaderboard.ts';
import { mentoringRoutes } from './routes/mentoring.ts';
import { eventRoutes } from './routes/events.ts';
import { timesheetRoutes } from './routes/timesheets.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { chatRoutes } from './routes/chat.ts';
import { liveRoutes } from './routes/live.ts';
import type { LiveHub } from './live/hub.ts';
import { createNotificationMailSender, type NotificationMailSender } from './services/notification-mail.ts';
import { createTimesheetReminders, type TimesheetReminders } from './services/timesheet-reminders.ts';
import { pushRoutes } from './routes/push.ts';
import { createPushSender, startPushDelivery, type PushSender } from './services/push.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { productJobs } from './jobs/registry.ts';
import { dataExportJobs } from './services/data-exports.ts';
import { payoutStatementJobs } from './services/payout-run-paid.ts';
import { webhookJobs } from './features/webhooks/jobs.ts';
import { importJobs } from './features/imports/jobs.ts';
import { webhookOpenApi } from './features/webhooks/openapi.ts';
import { webhookRoutes } from './routes/webhooks.ts';

/** What every route plugin receives: the database, configuration, clock and outside services. */
export interface AppContext {
  db: Database['db'];
  database: Database;
  config: Config;
  now: () => Date;
  mailer: Mailer;
  storage: FileStorage;
  /** Live announcements from the database (notifications, chat, presence), heard by every instance. */
  bus: LiveBus;
  /** This instance's live sockets (set by the live routes). */
  live?: LiveHub;
  /** Sends the e-mails notifications owe: at once (on the bus's announcement, swept every minute) or in the daily digest. */
  notificationMail: NotificationMailSender;
  /** Friday's timesheet reminders, checked every few minutes, each placement's week reminded once (services/timesheet-reminders.ts). */
  timesheetReminders: TimesheetReminders;
  /** Web Push to the members' devices (docs/decisions/0024-pwa-and-push.md). */
  push: PushSender;
  /** The background-work queue every instance shares (server/jobs/queue.ts). */
  jobs: JobQueue;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** A controllable clock for tests; defaults to the real one. */
  now?: () => Date;
  mailer?: Mailer;
  logger?: boolean | object;
}

export type App = FastifyInstance;

/** A registered route as the security tests see it: method, URL pattern and its declared guards. */
export interface RouteEntry {
  method: string;
  url: string;
  access?: string;
  csrfExempt?: boolean;
  /** The API-token scopes the route takes (none: tokens are refused). */
  tokenScopes?: readonly string[];
}

const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Every route the app registered (recorded by an onRoute hook), so tests cover new routes without a list. */
export function listRoutes(app: FastifyInstance): readonly RouteEntry[] {
  return routeTables.get(app) ?? [];
}

/** Fastify's trust setting for TRUST_PROXY: `true` and a number become "trust that many hops nearest us". */
function trustedHops(setting: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (setting === false || typeof setting === 'string') return setting;
  const hops = setting === true ? 1 : setting;
  return (_address, hop) => hop < hops;
}

/** Builds the whole application without listening, so tests drive the very same app with inject(). */
export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config, database } = opts;
  const defaultLogger = {
    level: config.logLevel,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'], censor: '[redacted]' },
    // no OAuth code or state, verification token, or SQL parameter reaches the log
    serializers: { req: serializeRequest, err: serializeError },
  };
  const app = Fastify({
    // logger options given by the caller (a stream, a level) keep the redaction unless they replace it
    logger: opts.logger === undefined ? defaultLogger : typeof opts.logger === 'object' ? { ...defaultLogger, ...opts.logger } : opts.logger,
    // `true` would trust every X-Forwarded-For entry, which the client writes itself: trust one hop instead
    trustProxy: trustedHops(config.trustProxy),
    keepAliveTimeout: 5_000,
    return503OnClosing: true,
    frameworkErrors: sendFrameworkError,
    // absolute-form targets ('GET http://host/api/admin/outbox') would otherwise skip every '/api/' guard
    rewriteUrl: (req) => toOriginForm(req.url),
  }).withTypeProvider<ZodTypeProvider>();
  const routeTable: RouteEntry[] = [];
  routeTables.set(app, routeTable);
  app.addHook('onRoute', (route) => {
    // read when asked, not now: a plugin's own onRoute hook (the API reference's) may still declare the access
    const config = () => route.config as { access?: string; csrfExempt?: boolean; tokenScopes?: readonly string[] } | undefined;
    for (const method of [route.method].flat())
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return config()?.access;
        },
        get csrfExempt() {
          return config()?.csrfExempt;
        },
        get tokenScopes() {
          return config()?.tokenScopes;
        },
      });
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against their zod schema in development and tests (a presenter that drifts from its
  // schema fails there); in production the presenters' whitelisted objects are serialised directly, which
  // roughly doubles the throughput of list endpoints (docs/decisions/0007-response-serialisation.md).
  app.setSerializerCompiler(config.env === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler);

  const now = opts.now ?? (() => new Date());
  const mailer = opts.mailer ?? createMailer(config, database.db, app.log);
  const ctx: AppContext = {
    db: database.db,
    database,
    config,
    now,
    mailer,
    storage: await createStorage(config),
    bus: createLiveBus(database, app.log),
    notificationMail: createNotificationMailSender({ db: database.db, mailer, config, now, log: app.log }),
    timesheetReminders: createTimesheetReminders({ db: database.db, now, log: app.log }),
    push: createPushSender({ db: database.db, keys: config.push, log: app.log, now, sessionIdleMs: config.session.idleMs }),
    jobs: createJobQueue(database, app.log, { pollingSeconds: config.jobs.pollingSeconds }),
  };
  if (config.webhooks.allowLoopback && config.env !== 'test') throw new Error('Loopback webhook receivers are allowed in tests only.');
  app.decorate('ctx', ctx);
  // the bus listens once the app is ready and stops before the database closes
  app.addHook('onReady', () => ctx.bus.start());
  app.addHook('onClose', () => ctx.bus.stop());
  // notification e-mails: sent as the bus announces them (the sweep and digest are a scheduled job), stopped before the database closes
  app.addHook('onReady', async () => ctx.notificationMail.start(ctx.bus));
  app.addHook('onClose', () => ctx.notificationMail.stop());
  // the job queue: every kind registered before it starts; an instance with JOB_WORKERS=false only sends
  for (const kind of productJobs(ctx)) ctx.jobs.register(kind);
  for (const kind of webhookJobs(ctx, app.log)) ctx.jobs.register(kind);
  for (const kind of importJobs(ctx)) ctx.jobs.register(kind);
  for (const kind of dataExportJobs({ db: ctx.db, storage: ctx.storage, now, brandName: config.brandName, log: app.log })) ctx.jobs.register(kind);
  for (const kind of payoutStatementJobs({ db: ctx.db, config, mailer, now, log: app.log })) ctx.jobs.register(kind);
  app.addHook('onReady', () => ctx.jobs.start({ workers: config.jobs.workers }));
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.timesheetReminders.idle();
  });
  startPushDelivery(ctx.bus, ctx.push);
  app.addHook('onClose', () => ctx.push.idle());

  registerErrorHandler(app);
  // The API speaks JSON only: without this, Fastify parses text/plain (a body a cross-site form can send
  // without a preflight) and the route answers 400 instead of 415.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  // first of the request hooks: a live-socket handshake that a later hook refuses (signed out, foreign origin)
  // must still have its connection ended after the refusal is written. Client frames are small (a presence change,
  // the list of members whose presence a tab shows).
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  await app.register(fastifyHelmet, {
    hsts: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // the service worker and the web app manifest (docs/decisions/0024-pwa-and-push.md)
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await registerOpenApi(app, config, { webhooks: webhookOpenApi() });
  // API tokens before the session: a bearer request acts as the token's creator, and may not bring a cookie too
  registerBearer(app, { db: ctx.db, now });
  registerSessions(app, { db: ctx.db, config, now, database });
  registerRequestGuards(app, config);
  registerReauthGuard(app, { db: ctx.db, now });

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(oauthRoutes(ctx));
  await app.register(passwordResetRoutes(ctx));
  await app.register(adminApplicationRoutes(ctx));
  await app.register(adminOutboxRoutes(ctx));
  await app.register(adminJobRoutes(ctx));
  await app.register(leadRoutes(ctx));
  await app.register(leadCommentRoutes(ctx));
  await app.register(commissionRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
  await app.register(memberRoutes(ctx));
  await app.register(adminUserRoutes(ctx));
  await app.register(communityPostRoutes(ctx));
  await app.register(postCommentRoutes(ctx));
  await app.register(mentionRoutes(ctx));
  await app.register(searchRoutes(ctx));
  await app.register(moderationRoutes(ctx));
  await app.register(ceoMessageRoutes(ctx));
  await app.register(endorsementRoutes(ctx));
  await app.register(gamificationRoutes(ctx));
  await app.register(leaderboardRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(securityRoutes(ctx));
  await app.register(payoutDetailsRoutes(ctx));
  await app.register(payoutRunRoutes(ctx));
  await app.register(payoutDocumentRoutes(ctx));
  await app.register(mentoringRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(eventRoutes(ctx));
  await app.register(timesheetRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(chatRoutes(ctx));
  await app.register(liveRoutes(ctx));
  await app.register(pushRoutes(ctx));
  await app.register(apiTokenRoutes(ctx));
  await app.register(importRoutes(ctx));
  await app.register(webhookRoutes(ctx));

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  const sendWebApp = await registerWebAssets(app, config.webDir, { brandName: config.brandName });
  app.setNotFoundHandler((request, reply) => {
    // an API path in any spelling (/%61pi/…) is an API miss: JSON 404, never the web app's page
    if (isApiRequest(request) || request.method !== 'GET' || !sendWebApp) {
      return sendError(reply, 'not_found', 'Not found.');
    }
    return sendWebApp(reply);
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
