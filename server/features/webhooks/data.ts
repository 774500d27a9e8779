import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema/index.ts';
import type { FeatureData } from '../data-types.ts';

/**
 * Webhook endpoints name the administrator who added them. They belong to the organisation, so erasure keeps them
 * working and only forgets who added them.
 */
export const webhooksData: FeatureData = {
  feature: 'webhooks',
  personalTables: [
    {
      column: webhookEndpoints.createdBy,
      notExported: 'the organisation’s integration settings: the addresses receiving its events, not the member’s data',
      erase: 'nulled',
    },
  ],
  sections: [],
  async erase(tx, target) {
    const nulled = await tx.update(webhookEndpoints).set({ createdBy: null }).where(eq(webhookEndpoints.createdBy, target.id)).returning({ id: webhookEndpoints.id });
    return { counts: { webhookEndpoints: nulled.length } };
  },
};
