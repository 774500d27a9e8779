import { describe, expect, it } from 'vitest';
import { PIPELINE_COLUMNS, weightedPipelinePence } from './pipeline.ts';

describe('weightedPipelinePence', () => {
  it('weights qualified 0.7, in-progress 0.9, closed-won 1 and the rest 0.3', () => {
    expect(weightedPipelinePence([{ status: 'qualified', valuePence: 1000 }])).toBe(700);
    expect(weightedPipelinePence([{ status: 'in-progress', valuePence: 1000 }])).toBe(900);
    expect(weightedPipelinePence([{ status: 'closed-won', valuePence: 1000 }])).toBe(1000);
    expect(
      weightedPipelinePence([
        { status: 'submitted', valuePence: 1000 },
        { status: 'reviewing', valuePence: 1000 },
      ]),
    ).toBe(600);
  });
  it('leaves closed-lost off the board but counts its value at 0.3', () => {
    expect(PIPELINE_COLUMNS).not.toContain('closed-lost');
    expect(weightedPipelinePence([{ status: 'closed-lost', valuePence: 1000 }])).toBe(300);
    expect(
      weightedPipelinePence([
        { status: 'closed-won', valuePence: 1000 },
        { status: 'closed-lost', valuePence: 2000 },
      ]),
    ).toBe(1600);
  });
});
