import { describe, expect, it } from 'vitest';
import { keysFor } from '../../../lib/changes.ts';
import { commissionKeys } from '../../commissions/index.ts';
import { adminKeys } from './keys.ts';

const paths = (keys: readonly (readonly unknown[])[]) => keys.map((k) => k[0]);

describe('what admin actions refresh', () => {
  it('a user activated, deactivated or removed: the users list, the overview, the audit log and who is signed in', () => {
    expect(paths(keysFor('member'))).toEqual(expect.arrayContaining(['/api/users', '/api/admin/overview', '/api/admin/audit-log', '/api/auth/me']));
  });
  it('a commission paid: the payout run, the audit log, the partner totals and the tracker', () => {
    expect(keysFor('commission')).toEqual(
      expect.arrayContaining([adminKeys.commissionsAll, adminKeys.auditAll, adminKeys.usersAll, adminKeys.overview, commissionKeys.summary, commissionKeys.historyAll]),
    );
  });
  it('the security settings saved: the settings, the audit log and the signed-in admin’s own requirement', () => {
    expect(paths(keysFor('settings')).sort()).toEqual(['/api/admin/audit-log', '/api/admin/settings/security', '/api/auth/me']);
  });
});
