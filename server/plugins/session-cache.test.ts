import { describe, expect, it } from 'vitest';
import type { sessions, users } from '../db/schema/index.ts';
import { SessionCache } from './session-cache.ts';

const session = (id: string, userId: string) =>
  ({ id, userId, lastSeenAt: new Date(0), expiresAt: new Date(1e13), createdAt: new Date(0) }) as typeof sessions.$inferSelect;
const user = (id: string) => ({ id, role: 'partner' }) as typeof users.$inferSelect;

function live(ttl = 5_000) {
  let t = 1_000;
  const cache = new SessionCache(ttl, () => t);
  cache.resume();
  return { cache, advance: (ms: number) => (t += ms) };
}

describe('SessionCache', () => {
  it('keeps a lookup for its time to live and no longer', () => {
    const { cache, advance } = live();
    cache.put(cache.ticket(), session('s1', 'u1'), user('u1'));
    expect(cache.get('s1')?.user.id).toBe('u1');
    advance(4_999);
    expect(cache.get('s1')).toBeDefined();
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const { cache } = live();
    cache.put(cache.ticket(), session('s1', 'u1'), user('u1'));
    cache.put(cache.ticket(), session('s2', 'u1'), user('u1'));
    cache.put(cache.ticket(), session('s3', 'u2'), user('u2'));
    cache.apply('s:s3');
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s1')).toBeDefined();
    cache.apply('u:u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer whose read began before the session or user was invalidated', () => {
    const { cache } = live();
    const before = cache.ticket();
    cache.forgetSession('s1'); // a sign-out commits while the read is in flight
    cache.put(before, session('s1', 'u1'), user('u1'));
    expect(cache.get('s1')).toBeUndefined();

    const beforeRoleChange = cache.ticket();
    cache.forgetUser('u2');
    cache.put(beforeRoleChange, session('s2', 'u2'), user('u2'));
    expect(cache.get('s2')).toBeUndefined();

    // a read that began after the invalidation read the new state and is kept
    cache.put(cache.ticket(), session('s2', 'u2'), user('u2'));
    expect(cache.get('s2')).toBeDefined();
  });

  it('serves nothing while the notification channel is down, and keeps nothing read before it came back', () => {
    const { cache } = live();
    cache.put(cache.ticket(), session('s1', 'u1'), user('u1'));
    cache.suspend();
    expect(cache.get('s1')).toBeUndefined();
    const duringOutage = cache.ticket();
    cache.put(duringOutage, session('s1', 'u1'), user('u1'));
    cache.resume();
    cache.put(duringOutage, session('s1', 'u1'), user('u1'));
    expect(cache.get('s1')).toBeUndefined();
    cache.put(cache.ticket(), session('s1', 'u1'), user('u1'));
    expect(cache.get('s1')).toBeDefined();
  });

  it('an unknown message forgets everything rather than guess', () => {
    const { cache } = live();
    cache.put(cache.ticket(), session('s1', 'u1'), user('u1'));
    cache.apply('something else');
    expect(cache.get('s1')).toBeUndefined();
  });

  it('is off with a time to live of 0, and bounded in size', () => {
    const off = new SessionCache(0, () => 0);
    off.resume();
    off.put(off.ticket(), session('s1', 'u1'), user('u1'));
    expect(off.get('s1')).toBeUndefined();

    const small = new SessionCache(5_000, () => 0, 2);
    small.resume();
    for (const id of ['a', 'b', 'c']) small.put(small.ticket(), session(id, `u${id}`), user(`u${id}`));
    expect(small.size).toBe(2);
    expect(small.get('a')).toBeUndefined();
    expect(small.get('c')).toBeDefined();
  });

  it('shares one lookup among reads of the same session at once, but not across an invalidation or with the cache off', async () => {
    const { cache } = live();
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const read = async () => {
      reads += 1;
      await gate;
      return reads;
    };
    const burst = [cache.shared('s1', read), cache.shared('s1', read), cache.shared('s1', read)];
    const other = cache.shared('s2', read);
    // a read that starts after the session was ended must not take an answer read before
    cache.forgetSession('s9');
    const afterChange = cache.shared('s1', read);
    release();
    await Promise.all([...burst, other, afterChange]);
    expect(reads).toBe(3);

    const off = new SessionCache(0, () => 0);
    off.resume();
    await Promise.all([off.shared('s1', read), off.shared('s1', read)]);
    const down = live().cache;
    down.suspend();
    await Promise.all([down.shared('s1', read), down.shared('s1', read)]);
    expect(reads).toBe(7);
  });
});
