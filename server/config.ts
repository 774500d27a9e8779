import { createECDH, randomBytes } from 'node:crypto';
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
    /** Seals partners' payout details at rest; every instance must have the same one (or share DATA_DIR). */
    PAYOUT_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    /** The organisation's own bank account payout runs are paid from, written into the bank file (pain.001). */
    PAYOUT_DEBTOR_NAME: z.preprocess(emptyToUndefined, z.string().max(70, 'must be at most 70 characters').optional()),
    PAYOUT_DEBTOR_SORT_CODE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{2}-?\d{2}-?\d{2}$/, 'must be a sort code of six digits (12-34-56)')
        .optional(),
    ),
    PAYOUT_DEBTOR_ACCOUNT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{8}$/, 'must be an account number of eight digits')
        .optional(),
    ),
    PAYOUT_DEBTOR_IBAN: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\s/g, '').toUpperCase() || undefined : v),
      z
        .string()
        .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/, 'must be an IBAN')
        .optional(),
    ),
    PAYOUT_DEBTOR_BIC: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
      z
        .string()
        .regex(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters')
        .optional(),
    ),
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
    /** Web Push (VAPID) keys, base64url; both or neither (generated once and kept in DATA_DIR when neither). */
    VAPID_PUBLIC_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)')
        .optional(),
    ),
    VAPID_PRIVATE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)')
        .optional(),
    ),
    /** Who push services contact about this sender: a mailto: or https: address. */
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https:// address')
        .optional(),
    ),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: optionalFlag,
    /** false: this instance serves requests but works no background jobs (another instance does). */
    JOB_WORKERS: optionalFlag,
    /** Browser tests only: admit a loopback http: webhook receiver (refused at start unless NODE_ENV=test). */
    WEBHOOKS_ALLOW_LOOPBACK: optionalFlag,
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
    if (!e.PAYOUT_DEBTOR_SORT_CODE !== !e.PAYOUT_DEBTOR_ACCOUNT) {
      const missing = e.PAYOUT_DEBTOR_SORT_CODE ? 'PAYOUT_DEBTOR_ACCOUNT' : 'PAYOUT_DEBTOR_SORT_CODE';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set with the other one: a UK account is a sort code and an account number' });
    }
    if (e.PAYOUT_DEBTOR_NAME && !e.PAYOUT_DEBTOR_IBAN && !e.PAYOUT_DEBTOR_SORT_CODE)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYOUT_DEBTOR_NAME'],
        message: 'needs the account: PAYOUT_DEBTOR_SORT_CODE and PAYOUT_DEBTOR_ACCOUNT, or PAYOUT_DEBTOR_IBAN',
      });
    if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
      const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set with the other VAPID key (or leave both unset to have them generated)' });
    }
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
  /** The secret partners' payout details are sealed with (AES-256-GCM, a key derived for that purpose alone). */
  payoutKey: string;
  /** The organisation's account payout runs are paid from; without it no bank file can be made. */
  payoutDebtor?: { name: string; sortCode?: string; accountNumber?: string; iban?: string; bic?: string };
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
  /** Web Push: the VAPID key pair push services check our messages with, and our contact address. */
  push: PushKeys;
  /** Directory of the built client; absent in API-only tests. */
  webDir?: string;
  /** Background work (docs/decisions/0043-queue-webhooks-and-api-tokens.md): whether this instance works jobs, and how often an idle worker looks. */
  jobs: { workers: boolean; pollingSeconds: number };
  /** Webhook delivery. `allowLoopback` admits http: and loopback receivers, for tests only (refused elsewhere). */
  webhooks: { allowLoopback: boolean };
}

export interface PushKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
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
    payoutKey: e.PAYOUT_KEY ?? persistedSecret(dataDir, 'payout-key'),
    payoutDebtor:
      e.PAYOUT_DEBTOR_NAME && (e.PAYOUT_DEBTOR_IBAN || (e.PAYOUT_DEBTOR_SORT_CODE && e.PAYOUT_DEBTOR_ACCOUNT))
        ? {
            name: e.PAYOUT_DEBTOR_NAME,
            sortCode: e.PAYOUT_DEBTOR_SORT_CODE?.replace(/-/g, ''),
            accountNumber: e.PAYOUT_DEBTOR_ACCOUNT,
            iban: e.PAYOUT_DEBTOR_IBAN,
            bic: e.PAYOUT_DEBTOR_BIC,
          }
        : undefined,
    push: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : persistedVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    },
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
    jobs: { workers: e.JOB_WORKERS ?? true, pollingSeconds: 2 },
    webhooks: { allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK ?? false },
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

/**
 * The VAPID key pair kept in DATA_DIR (generated on first start, like the session secret): a browser subscribed
 * with the public key accepts pushes signed with it only, so it must outlive restarts and be the same on every
 * instance (share DATA_DIR or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY).
 */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string') return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    throw new ConfigError(`${file} does not hold a VAPID key pair: remove it to have a new one generated (subscribed browsers then subscribe again)`);
  }
  mkdirSync(dataDir, { recursive: true });
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // the private key as exactly 32 bytes: getPrivateKey drops leading zero bytes
  const privateKey = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
