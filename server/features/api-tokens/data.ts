import { eq } from 'drizzle-orm';
import { apiTokens } from '../../db/schema/index.ts';
import type { FeatureData } from '../data-types.ts';

/**
 * API tokens name their creator and whoever revoked them. Erasure deletes the member's tokens (a token acts as its
 * creator, so none may outlive them); a revocation by them keeps the token's row without their id.
 */
export const apiTokensData: FeatureData = {
  feature: 'api-tokens',
  personalTables: [
    {
      column: apiTokens.createdBy,
      notExported: 'access keys for other systems: their secrets are never stored, and the member’s settings list them',
      erase: 'deleted',
    },
    { column: apiTokens.revokedBy, notExported: 'the organisation’s record of who revoked a token', erase: 'nulled' },
  ],
  sections: [],
  async erase(tx, target) {
    await tx.update(apiTokens).set({ revokedBy: null }).where(eq(apiTokens.revokedBy, target.id));
    const deleted = await tx.delete(apiTokens).where(eq(apiTokens.createdBy, target.id)).returning({ id: apiTokens.id });
    return { counts: { apiTokens: deleted.length } };
  },
};
