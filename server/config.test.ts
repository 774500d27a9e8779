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
