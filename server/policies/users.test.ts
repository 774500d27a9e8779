import { describe, expect, it } from 'vitest';
import { canReadCv } from './users.ts';

describe('CV policy', () => {
  it('lets the owner, an admin and a master-admin read a CV, and no other member', () => {
    const owner = { id: 'owner' };
    expect(canReadCv({ id: 'owner', role: 'partner' }, owner)).toBe(true);
    expect(canReadCv({ id: 'a', role: 'admin' }, owner)).toBe(true);
    expect(canReadCv({ id: 'm', role: 'master-admin' }, owner)).toBe(true);
    expect(canReadCv({ id: 'someone', role: 'partner' }, owner)).toBe(false);
    expect(canReadCv({ id: 'plus', role: 'cp-plus' }, owner)).toBe(false);
  });
});
