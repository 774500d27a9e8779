import { eq } from 'drizzle-orm';
import { memberApplications } from '../../db/schema/index.ts';
import type { FeatureData } from '../data-types.ts';

/**
 * The membership application: what the member wrote when applying is on their profile (exported there); the row
 * here is the administrators' vetting of it.
 */
export const applicationsData = {
  feature: 'applications',
  personalTables: [
    {
      column: memberApplications.userId,
      notExported: 'the administrators’ vetting of the application; what the member wrote when applying is in profile.json',
      erase: 'anonymised',
      how: 'the reviewers’ notes are cleared; the checks stay as the record of the admission',
    },
    {
      column: memberApplications.reviewedBy,
      notExported: 'the organisation’s record of who reviewed an application',
      erase: 'kept',
      reason: 'which administrator reviewed: an id only, the name shows as "Deleted member"',
    },
  ],
  sections: [],
  async erase(tx, target) {
    await tx.update(memberApplications).set({ reviewerNotes: null }).where(eq(memberApplications.userId, target.id));
  },
} satisfies FeatureData;
