import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'cp-config-'));

describe('loadConfig', () => {
  it('defaults to the embedded database, port 3000 and the Chief Partners brand', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.port).toBe(3000);
    expect(c.brandName).toBe('Chief Partners');
    expect(c.uploadDir).toBe(join(c.dataDir, 'uploads'));
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(d, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: d }).sessionSecret).toBe(first);
  });

  it('generates a VAPID key pair once, keeps it in DATA_DIR, and takes one from the environment instead', async () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d }).push;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:membership@chiefpartners.example');
    expect(JSON.parse(readFileSync(join(d, 'vapid-keys.json'), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(loadConfig({ DATA_DIR: d }).push).toEqual(first);
    // the pair signs what the public key verifies: web-push accepts it as it is
    const webpush = (await import('web-push')).default;
    expect(() => webpush.getVapidHeaders('https://push.example', first.subject, first.publicKey, first.privateKey, 'aes128gcm')).not.toThrow();

    const other = dir();
    const given = { VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey, VAPID_SUBJECT: 'https://members.example' };
    expect(loadConfig({ DATA_DIR: other, ...given }).push).toEqual({ ...first, subject: 'https://members.example' });
    expect(() => readFileSync(join(other, 'vapid-keys.json'))).toThrow();
    expect(() => loadConfig({ DATA_DIR: dir(), VAPID_PUBLIC_KEY: first.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dir(), ...given, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dir(), VAPID_SUBJECT: 'someone' })).toThrow(/VAPID_SUBJECT/);
  });

  it('turns on third-party sign-in only with both id and secret', () => {
    expect(loadConfig({ DATA_DIR: dir(), GOOGLE_CLIENT_ID: 'id' }).oidc.google).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).oidc.google?.issuer).toBe('https://accounts.google.com');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes true, a hop count or the proxies’ addresses', () => {
    expect(loadConfig({ DATA_DIR: dir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });
});

describe('S3 storage settings', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps uploads on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: dir() }).s3).toBeUndefined();
  });

  it('refuses to start with a bucket but no credentials, naming what is missing', () => {
    const load = (env: NodeJS.ProcessEnv) => () => loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'uploads', ...env });
    expect(load({})).toThrow(ConfigError);
    expect(load({})).toThrow(/S3_ACCESS_KEY_ID: must be set when S3_BUCKET is: the S3 store needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(load({})).toThrow(/S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is/);
    expect(load({ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(/S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is/);
    expect(load({ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).not.toThrow(/S3_ACCESS_KEY_ID:/);
    expect(load({ S3_SECRET_ACCESS_KEY: 'secret', S3_ACCESS_KEY_ID: '' })).toThrow(/S3_ACCESS_KEY_ID: must be set/);
  });

  it('refuses S3 settings without a bucket rather than quietly using local disk', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), ...keys })).toThrow(/S3_BUCKET: must be set when S3_ACCESS_KEY_ID is/);
    expect(() => loadConfig({ DATA_DIR: dir(), S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: must be set when S3_ENDPOINT is/);
  });

  it('checks the bucket name, endpoint, path-style flag and prefix', () => {
    const load = (env: NodeJS.ProcessEnv) => () => loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'uploads', ...keys, ...env });
    expect(load({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(load({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(load({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE: must be true or false/);
    expect(load({ S3_PREFIX: 'a/../b' })).toThrow(/S3_PREFIX/);
    expect(load({ S3_PREFIX: 'a//b' })).toThrow(/S3_PREFIX/);
  });

  it('defaults the region to us-east-1 and path-style addressing to on exactly when an endpoint is given', () => {
    const aws = loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'uploads', ...keys }).s3;
    expect(aws).toEqual({
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      prefix: '',
    });
    const minio = loadConfig({
      DATA_DIR: dir(),
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-2',
      S3_PREFIX: '/chief/uploads/',
      ...keys,
    }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-west-2', forcePathStyle: true, prefix: 'chief/uploads' });
    expect(loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'uploads', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false', ...keys }).s3?.forcePathStyle).toBe(
      false,
    );
    expect(loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: '1', ...keys }).s3?.forcePathStyle).toBe(true);
  });
});
