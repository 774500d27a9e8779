import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, pgliteExtensions, type Database, type Db } from '../../server/db/client.ts';
import { DEFAULT_PASSWORD, makeUser as makeUserRow, type MadeUser, type UserOptions } from '../../server/db/factories/members.ts';
import { sessions, users } from '../../server/db/schema/index.ts';
import { hashToken, newToken } from '../../server/lib/tokens.ts';
import type { Mailer, MailMessage } from '../../server/plugins/mailer.ts';
import { client } from './client.ts';
import { withDatabase } from './global-setup.ts';

/** A clock the test moves by hand (session expiry, throttling windows). */
export class TestClock {
  constructor(public current = new Date('2026-06-15T10:00:00Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A mailer that keeps what it was asked to send. */
export class MemoryMailer implements Mailer {
  readonly transport = 'outbox' as const;
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return { ok: true };
  }
}

export interface TestContext {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  clock: TestClock;
  mailer: MemoryMailer;
  close(): Promise<void>;
}

/** Opens a fresh, migrated database for one test file: a PGlite copy, or a PostgreSQL database from the template. */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** The database's URL, on PostgreSQL only: for other processes to open it too. */
  url?: string;
}> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplateDb');
  if (url && template) {
    const name = `${template}_f${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = await openDatabase({ dataDir: tmpdir(), databaseUrl: withDatabase(url, name), poolSize: 5 });
    return {
      database,
      url: withDatabase(url, name),
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const client = new PGlite({ loadDataDir: blob, extensions: pgliteExtensions });
  await client.waitReady;
  const database = await openDatabase({ dataDir: tmpdir(), pglite: client });
  return { database, drop: () => database.close() };
}

/** The configuration tests run with; override what a test is about. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-data-'));
  // whole suites register from one address: a high registration limit, except in the tests of that limit
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', REGISTER_MAX_PER_IP: '1000' } as NodeJS.ProcessEnv);
  return { ...base, ...overrides };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  mailer?: Mailer;
  /** Let buildApp create the production mailer from config (SMTP when smtpUrl is set, else the outbox table). */
  realMailer?: boolean;
  /** Logger options for buildApp (e.g. `{ level: 'info', stream }` to capture the log); silent by default. */
  logger?: BuildOptions['logger'];
}

/** Builds the real app on a fresh database with a test clock and a memory mailer. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = testConfig(opts.config);
  const clock = new TestClock();
  const mailer = new MemoryMailer();
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    mailer: opts.realMailer ? undefined : (opts.mailer ?? mailer),
    logger: opts.logger ?? false,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    clock,
    mailer,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface MakeUserOptions extends Omit<UserOptions, 'role' | 'accountStatus'> {
  role?: 'partner' | 'admin' | 'master-admin';
  accountStatus?: 'pending' | 'approved' | 'rejected';
}

/** Inserts a user (and their application row) through the shared factory; password defaults to 'Password123!'. */
export function makeUser(db: Db, o: MakeUserOptions = {}): Promise<MadeUser> {
  return makeUserRow(db, o);
}

/** Signs in through the API and answers the Cookie header to send on later requests. */
export async function login(app: App, username: string, password = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${username}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'cp_session');
  if (!cookie) throw new Error('no session cookie');
  return `cp_session=${cookie.value}`;
}

/** A user of each kind, signed in: their row, the Cookie header, and a typed client carrying it. */
export async function makeSignedIn(ctx: TestContext, o: MakeUserOptions = {}) {
  const user = await makeUser(ctx.db, o);
  const cookie = await login(ctx.app, user.username!, user.plainPassword);
  return { user, cookie, api: client(ctx.app, cookie) };
}
export type SignedIn = Awaited<ReturnType<typeof makeSignedIn>>;

export async function reloadUser(db: Db, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u;
}

let counter = 0;

/** A complete, valid registration body. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Alice',
    lastName: 'Applicant',
    email: `alice${n}@example.com`,
    username: `alice${n}`,
    company: 'Northwind Advisory',
    jobTitle: 'Chief Operating Officer',
    location: 'London, UK',
    phoneNumber: '+44 20 7946 0000',
    password: 'CorrectHorse9',
    confirmPassword: 'CorrectHorse9',
    dateOfBirth: '1975-04-12',
    fullAddress: '1 King Street, London, EC2V 8AU, United Kingdom',
    yearsExperience: 22,
    bio: 'Operations leader with two decades in financial services and consulting.',
    expertise: ['Operations Management', 'Strategic Planning'],
    industries: ['Banking & Finance'],
    businessInterests: ['Advisory Roles', 'Board Positions'],
    networkingGoals: 'Meet fellow COOs and find board roles.',
    linkedinUrl: 'https://www.linkedin.com/in/alice',
    website: '',
    ...overrides,
  };
}

/**
 * Opens a session for a user straight in the database (as sign-in would) and answers the Cookie header;
 * for users who cannot sign in (deactivated) and for tables that need many sessions quickly.
 */
export async function openSession(ctx: Pick<TestContext, 'db' | 'clock' | 'config'>, userId: string): Promise<string> {
  const token = newToken();
  const at = ctx.clock.now();
  await ctx.db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + ctx.config.session.absoluteMs),
  });
  return `cp_session=${token}`;
}
