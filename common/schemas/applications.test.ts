import { describe, expect, it } from 'vitest';
import { isReadyToApprove, rejectApplicationSchema, updateApplicationSchema } from './applications.ts';

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
