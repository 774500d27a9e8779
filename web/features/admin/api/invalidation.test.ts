import { describe, expect, it } from 'vitest';
import { PAYOUT_INVALIDATES } from './payouts.ts';
import { USER_CHANGE_INVALIDATES } from './users.ts';

const paths = (keys: readonly (readonly unknown[])[]) => keys.map((k) => k[0]);

describe('what admin actions refresh', () => {
  it('a user activated, deactivated or removed: the users list, the overview and the audit log', () => {
    expect(paths(USER_CHANGE_INVALIDATES)).toEqual(['/api/users', '/api/admin/overview', '/api/admin/audit-log']);
  });
  it('a commission paid: the payout run, the audit log, the partner totals and the tracker', () => {
    expect(paths(PAYOUT_INVALIDATES)).toEqual(
      expect.arrayContaining(['/api/admin/commissions', '/api/admin/audit-log', '/api/users', '/api/admin/overview', '/api/commissions/summary', '/api/commissions']),
    );
  });
});
