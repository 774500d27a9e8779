import { describe, expect, it } from 'vitest';
import { leadKeys } from './keys.ts';

describe('leadKeys', () => {
  it('starts every key with the endpoint it reads', () => {
    expect(leadKeys.list({})[0]).toBe('/api/leads');
    expect(leadKeys.activities('a')[0]).toBe('/api/lead-activities');
    expect(leadKeys.duplicateCheck('acme', '')[0]).toBe('/api/leads/duplicate-check');
  });
  it('keeps every list under the lead lists’ key', () => {
    expect(leadKeys.list({ status: 'qualified' }).slice(0, 1)).toEqual(leadKeys.all);
  });
  it('makes one key of the same list however it is asked for', () => {
    expect(leadKeys.list({})).toEqual(leadKeys.list({ search: '  ', page: 1, pageSize: 25 }));
    expect(leadKeys.list({ search: ' Acme ' })).toEqual([
      '/api/leads',
      { search: 'Acme', status: null, assigned: null, page: 1, pageSize: 25, after: null, before: null },
    ]);
  });
  it('keeps the “Mine” list apart from the list of every lead', () => {
    expect(leadKeys.list({ assigned: 'me' })).not.toEqual(leadKeys.list({}));
    expect(leadKeys.comments('a').slice(0, 1)).toEqual(leadKeys.all);
  });
  it('tells apart the same page number reached from either side', () => {
    expect(leadKeys.list({ page: 3, after: 'x' })).not.toEqual(leadKeys.list({ page: 3, before: 'y' }));
  });
});
