import { describe, expect, it } from 'vitest';
import { checkAccess, isAdmin, isMember, type Access, type Actor } from './roles.ts';

const actor = (o: Partial<Actor> = {}): Actor => ({ id: 'a', role: 'partner', accountStatus: 'approved', isActive: true, ...o });

const ACTORS: Record<string, Actor | null> = {
  anonymous: null,
  pending: actor({ accountStatus: 'pending' }),
  rejected: actor({ accountStatus: 'rejected' }),
  partner: actor(),
  admin: actor({ role: 'admin' }),
  'master-admin': actor({ role: 'master-admin' }),
  'pending admin': actor({ role: 'admin', accountStatus: 'pending' }),
  'inactive admin': actor({ role: 'admin', isActive: false }),
  'unknown role': actor({ role: 'superuser' }),
};

/** The status each kind of caller gets on a route of each access level: signed-out callers 401, applicants and deactivated accounts 403 beyond `session`, partners 403 on admin routes. */
const EXPECTED: Record<string, Record<Access, 200 | 401 | 403>> = {
  anonymous: { public: 200, session: 401, member: 401, admin: 401 },
  pending: { public: 200, session: 200, member: 403, admin: 403 },
  rejected: { public: 200, session: 200, member: 403, admin: 403 },
  partner: { public: 200, session: 200, member: 200, admin: 403 },
  admin: { public: 200, session: 200, member: 200, admin: 200 },
  'master-admin': { public: 200, session: 200, member: 200, admin: 200 },
  'pending admin': { public: 200, session: 200, member: 403, admin: 403 },
  'inactive admin': { public: 200, session: 200, member: 403, admin: 403 },
  'unknown role': { public: 200, session: 200, member: 200, admin: 403 },
};

describe('checkAccess: role × access level', () => {
  for (const [name, who] of Object.entries(ACTORS)) {
    it.each(Object.entries(EXPECTED[name]) as Array<[Access, number]>)(`${name} on a %s route gets %i`, (access, status) => {
      expect(checkAccess(access, who)).toBe(status);
    });
  }
});

describe('isAdmin and isMember', () => {
  it('admin and master-admin are admins; nobody else, whatever their other fields', () => {
    expect(isAdmin(actor({ role: 'admin' }))).toBe(true);
    expect(isAdmin(actor({ role: 'master-admin' }))).toBe(true);
    for (const role of ['partner', 'Admin', 'ADMIN', 'admin ', 'master_admin', '']) expect(isAdmin(actor({ role }))).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('a member is approved and active', () => {
    expect(isMember(actor())).toBe(true);
    expect(isMember(actor({ isActive: false }))).toBe(false);
    expect(isMember(actor({ accountStatus: 'pending' }))).toBe(false);
    expect(isMember(actor({ accountStatus: 'rejected' }))).toBe(false);
    expect(isMember(null)).toBe(false);
  });
});
