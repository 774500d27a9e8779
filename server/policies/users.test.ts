import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { canRequestDeletion, deletionAbilities } from './account.ts';
import { canReadCv } from './users.ts';

/** A database that must not be asked: the owner and administrators are answered without a lookup. */
const unused = new Proxy(
  {},
  {
    get() {
      throw new Error('the database was asked');
    },
  },
) as Db;

describe('CV policy', () => {
  it('lets the owner, an admin and a master-admin read a CV without asking the database', async () => {
    const owner = { id: 'owner' };
    expect(await canReadCv(unused, { id: 'owner', role: 'partner' }, owner)).toBe(true);
    expect(await canReadCv(unused, { id: 'a', role: 'admin' }, owner)).toBe(true);
    expect(await canReadCv(unused, { id: 'm', role: 'master-admin' }, owner)).toBe(true);
  });
  // a mentor the member asked for mentorship, and everyone else, are covered by tests/api/mentoring.test.ts
});

describe('account deletion policy', () => {
  const actor = (id: string, role: string) => ({ id, role, accountStatus: 'approved', isActive: true });
  it('lets an admin confirm a partner’s request, only a master-admin an admin’s, nobody a master-admin’s or their own', () => {
    expect(deletionAbilities(actor('a', 'admin'), { id: 'p', role: 'partner' })).toEqual({ confirm: true, decline: true });
    expect(deletionAbilities(actor('a', 'admin'), { id: 'b', role: 'admin' })).toEqual({ confirm: false, decline: true });
    expect(deletionAbilities(actor('m', 'master-admin'), { id: 'b', role: 'admin' })).toEqual({ confirm: true, decline: true });
    expect(deletionAbilities(actor('m', 'master-admin'), { id: 'n', role: 'master-admin' })).toEqual({ confirm: false, decline: true });
    expect(deletionAbilities(actor('a', 'admin'), { id: 'a', role: 'admin' })).toEqual({ confirm: false, decline: false });
    expect(deletionAbilities(actor('p', 'partner'), { id: 'q', role: 'partner' })).toEqual({ confirm: false, decline: false });
  });
  it('lets everyone but a master-admin ask for their account to be deleted', () => {
    expect(canRequestDeletion({ role: 'partner' })).toBe(true);
    expect(canRequestDeletion({ role: 'admin' })).toBe(true);
    expect(canRequestDeletion({ role: 'master-admin' })).toBe(false);
  });
});
