import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TYPES, EMAIL_PREFERENCE_CATEGORIES, NOTIFICATION_KINDS, emailCategoryOf } from './notifications.ts';

describe('e-mail preference groups', () => {
  it('name every notification kind exactly once', () => {
    for (const kind of NOTIFICATION_KINDS)
      expect(
        EMAIL_PREFERENCE_CATEGORIES.filter((c) => (c.kinds as readonly string[]).includes(kind)),
        kind,
      ).toHaveLength(1);
  });
  it('are on by default for lead and commission updates, application decisions, mentorship and timesheets (and the locked group) only', () => {
    expect(DEFAULT_EMAIL_TYPES).toEqual(['lead_updates', 'commissions', 'application_decisions', 'mentorship', 'timesheets', 'account']);
    expect(emailCategoryOf('commission_paid')?.id).toBe('commissions');
    expect(emailCategoryOf('unknown')).toBeNull();
  });
});
