import { describe, expect, it } from 'vitest';
import { isReadyToApprove, outstandingChecks, rejectApplicationSchema, updateApplicationSchema } from './applications.ts';

describe('isReadyToApprove', () => {
  const ready = { companyVerified: true, linkedinChecked: true, backgroundVerified: true, competitorFlag: false };
  it('needs company, LinkedIn and background verified', () => {
    expect(isReadyToApprove(ready)).toBe(true);
    expect(isReadyToApprove({ ...ready, companyVerified: false })).toBe(false);
    expect(isReadyToApprove({ ...ready, linkedinChecked: false })).toBe(false);
    expect(isReadyToApprove({ ...ready, backgroundVerified: false })).toBe(false);
  });
  it('is never ready with a competitor flag', () => {
    expect(isReadyToApprove({ ...ready, competitorFlag: true })).toBe(false);
  });
});

describe('updateApplicationSchema', () => {
  it('takes exactly one checklist or risk field', () => {
    expect(updateApplicationSchema.safeParse({ companyVerified: true }).success).toBe(true);
    expect(updateApplicationSchema.safeParse({ riskAssessment: 'high' }).success).toBe(true);
    expect(updateApplicationSchema.safeParse({}).success).toBe(false);
    expect(updateApplicationSchema.safeParse({ companyVerified: true, linkedinChecked: true }).success).toBe(false);
  });
  it('refuses fields outside the checklist', () => {
    expect(updateApplicationSchema.safeParse({ accountStatus: 'approved' }).success).toBe(false);
    expect(updateApplicationSchema.safeParse({ riskAssessment: 'extreme' }).success).toBe(false);
  });
});

describe('rejectApplicationSchema', () => {
  it('requires one of the seven reasons', () => {
    expect(rejectApplicationSchema.safeParse({ reason: 'competitor' }).success).toBe(true);
    const missing = rejectApplicationSchema.safeParse({ notes: 'x' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0].message).toBe('Please select a rejection reason');
    expect(rejectApplicationSchema.safeParse({ reason: 'because' }).success).toBe(false);
  });
});

describe('outstandingChecks', () => {
  const done = { companyVerified: true, linkedinChecked: true, backgroundVerified: true, referenceChecked: true, riskAssessment: 'low' as const };
  it('is empty when every verification tick is given and the risk assessed', () => {
    expect(outstandingChecks(done)).toEqual([]);
  });
  it('names each tick not given and an unassessed risk, in the review’s order and words', () => {
    expect(outstandingChecks({ ...done, linkedinChecked: false, referenceChecked: false, riskAssessment: null })).toEqual([
      'LinkedIn Checked',
      'Reference Checked',
      'Risk Assessment: Not assessed',
    ]);
  });
  it('a high risk is assessed (the reviewer sees it flagged, not as a step left open)', () => {
    expect(outstandingChecks({ ...done, riskAssessment: 'high' })).toEqual([]);
  });
});
