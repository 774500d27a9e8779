import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const optionalFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);
/** The S3 settings that mean nothing without S3_BUCKET (one given alone is a mistake, not a choice of local disk). */
const S3_DEPENDENT = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/** Every environment variable the server reads, validated once at start (README lists them). */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    UPLOAD_DIR: optionalString,
    PUBLIC_URL: optionalUrl,
    BRAND_NAME: z.string().min(1).default('Chief Partners'),
    SUPPORT_EMAIL: z.email().default('membership@chiefpartners.example'),
    MAIL_FROM: optionalString,
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 24),
    SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(14),
    /** How long one instance reuses a session → user lookup for reads; 0 turns the cache off. */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** Connections in the PostgreSQL pool of one instance. */
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
    LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    REGISTER_MAX_PER_IP: z.coerce.number().int().positive().default(5),
    REGISTER_WINDOW_MINUTES: z.coerce.number().int().positive().default(30),
    EMAIL_VERIFICATION_HOURS: z.coerce.number().int().positive().default(48),
    VERIFICATION_RESEND_MAX_PER_HOUR: z.coerce.number().int().positive().default(3),
    /** false (default), true (= one proxy in front), a number of proxy hops, or the proxies' addresses/CIDRs. */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v): boolean | number | string => {
        const t = v.trim().toLowerCase();
        if (t === '' || t === 'false' || t === '0') return false;
        if (t === 'true') return true;
        return /^\d+$/.test(t) ? Number(t) : v.trim();
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://accounts.google.com')),
    APPLE_CLIENT_ID: optionalString,
    APPLE_CLIENT_SECRET: optionalString,
    APPLE_ISSUER: z.preprocess(emptyToUndefined, z.url().default('https://appleid.apple.com')),
    /** Set = uploads go to this bucket of an S3-compatible store instead of UPLOAD_DIR. */
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
        .optional(),
    ),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalFlag,
    /** A folder inside the bucket (e.g. `chief-partners/uploads`) so several apps can share one bucket. */
    S3_PREFIX: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/^\/+|\/+$/g, '') || undefined : v),
      z
        .string()
        .regex(
          /^[A-Za-z0-9_-]+(?:[.][A-Za-z0-9_-]+)*(?:\/[A-Za-z0-9_-]+(?:[.][A-Za-z0-9_-]+)*)*$/,
          'must be folder names of letters, digits, dots, hyphens and underscores joined by /',
        )
        .optional(),
    ),
  })
  .superRefine((e, ctx) => {
    if (!e.S3_BUCKET) {
      for (const name of S3_DEPENDENT)
        if (e[name] !== undefined) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `must be set when ${name} is (or remove ${name})` });
      return;
    }
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!e[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'must be set when S3_BUCKET is: the S3 store needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** An S3-compatible bucket that holds the uploads in place of UPLOAD_DIR. */
export interface S3Config {
  bucket: string;
  region: string;
  /** Unset = AWS S3 itself; otherwise the store's address (MinIO, R2, …). */
  endpoint?: string;
  /** `bucket` in the path (`https://host/bucket/key`) rather than the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket, without slashes at either end; '' = the bucket's root. */
  prefix: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  uploadDir: string;
  /** Set = uploads live in this bucket, not in uploadDir. */
  s3?: S3Config;
  publicUrl?: string;
  brandName: string;
  supportEmail: string;
  mailFrom: string;
  smtpUrl?: string;
  sessionSecret: string;
  session: { idleMs: number; absoluteMs: number; cacheMs: number };
  dbPoolSize: number;
  login: { maxPerAccount: number; maxPerIp: number; windowMs: number };
  /** Registration attempts per client IP within the window, counted in the database. */
  register: { maxPerIp: number; windowMs: number };
  /** How long an e-mail verification link works; resends per account and per IP within an hour. */
  verification: { ttlMs: number; resendMax: number; resendWindowMs: number };
  /** true means exactly one proxy hop is trusted, never "every hop" (a client could forge X-Forwarded-For). */
  trustProxy: boolean | number | string;
  logLevel: Env['LOG_LEVEL'];
  oidc: { google?: OidcProviderConfig; apple?: OidcProviderConfig };
  /** Directory of the built client; absent in API-only tests. */
  webDir?: string;
}

/** Thrown with a message that names the offending variable. */
export class ConfigError extends Error {}

/** Reads and validates the environment once; secrets not given are generated and kept in DATA_DIR. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const provider = (id?: string, secret?: string, issuer?: string) => (id && secret && issuer ? { clientId: id, clientSecret: secret, issuer } : undefined);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    uploadDir: e.UPLOAD_DIR ? resolve(e.UPLOAD_DIR) : join(dataDir, 'uploads'),
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            prefix: e.S3_PREFIX ?? '',
          }
        : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    brandName: e.BRAND_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    mailFrom: e.MAIL_FROM ?? `${e.BRAND_NAME} <${e.SUPPORT_EMAIL}>`,
    smtpUrl: e.SMTP_URL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir, 'session-secret'),
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000, cacheMs: e.SESSION_CACHE_MS },
    dbPoolSize: e.DB_POOL_SIZE,
    login: {
      maxPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    },
    register: {
      maxPerIp: e.REGISTER_MAX_PER_IP,
      windowMs: e.REGISTER_WINDOW_MINUTES * 60_000,
    },
    verification: {
      ttlMs: e.EMAIL_VERIFICATION_HOURS * 3_600_000,
      resendMax: e.VERIFICATION_RESEND_MAX_PER_HOUR,
      resendWindowMs: 3_600_000,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    oidc: {
      google: provider(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_ISSUER),
      apple: provider(e.APPLE_CLIENT_ID, e.APPLE_CLIENT_SECRET, e.APPLE_ISSUER),
    },
  };
}

function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
