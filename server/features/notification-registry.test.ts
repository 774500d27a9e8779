import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../common/constants/notifications.ts';
import { notificationTemplates } from './notification-registry.ts';

describe('the notification templates', () => {
  // a kind added to NOTIFICATION_KINDS needs its words in its feature's notifications.ts before it can be sent
  it('has a template for every notification kind', () => {
    const missing = NOTIFICATION_KINDS.filter((k) => !(k in notificationTemplates));
    expect(missing, 'kinds with no template').toEqual([]);
  });

  it('makes a title, a message and a link from the facts of every kind this file can sample', () => {
    const samples: Partial<Record<(typeof NOTIFICATION_KINDS)[number], unknown>> = {
      lead_status: { leadId: 'l1', companyName: 'Acme', from: 'submitted', to: 'closed-won', activity: 'Status changed' },
      commission_paid: { amountPence: 123450, companyName: 'Acme' },
      application_decision: { decision: 'approved', brandName: 'Chief Partners' },
      endorsement: { endorser: { firstName: 'Ada', lastName: 'Lovelace' }, skillName: 'Sales' },
    };
    for (const [kind, params] of Object.entries(samples)) {
      const text = (notificationTemplates as Record<string, (p: unknown) => { title: string; message: string; actionUrl: string }>)[kind](params);
      expect(text.title, kind).not.toBe('');
      expect(text.message, kind).not.toBe('');
      expect(text.actionUrl, kind).toMatch(/^\//);
    }
    expect(notificationTemplates.lead_status(samples.lead_status as never)).toMatchObject({ title: 'Lead closed won', priority: 'high' });
    expect(notificationTemplates.commission_paid(samples.commission_paid as never).title).toBe('Commission paid: £1,234.50');
  });
});
