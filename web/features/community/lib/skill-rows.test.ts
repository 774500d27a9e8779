import { describe, expect, it } from 'vitest';
import type { UserEndorsements } from '../../../../common/schemas/community.ts';
import { skillRows } from './skill-rows.ts';

const data = (skills: UserEndorsements['skills']): UserEndorsements => ({ skills, recent: [], topSkills: [], total: 0 });

describe('skillRows', () => {
  it('lists the member’s skills in their order, with zero for a skill nobody endorsed', () => {
    const rows = skillRows(['Consulting', 'Sales & Marketing'], data({ 'Sales & Marketing': { count: 2, hasEndorsed: false, myEndorsementId: null, endorsements: [] } }));
    expect(rows).toEqual([
      { skillName: 'Consulting', count: 0, myEndorsementId: null },
      { skillName: 'Sales & Marketing', count: 2, myEndorsementId: null },
    ]);
  });
  it('carries the viewer’s own endorsement so it can be removed', () => {
    const rows = skillRows(['Consulting'], data({ Consulting: { count: 3, hasEndorsed: true, myEndorsementId: 'e1', endorsements: [] } }));
    expect(rows[0]).toEqual({ skillName: 'Consulting', count: 3, myEndorsementId: 'e1' });
  });
  it('keeps a skill still endorsed that is no longer listed, after the listed ones', () => {
    const rows = skillRows(['Consulting'], data({ Legal: { count: 1, hasEndorsed: false, myEndorsementId: null, endorsements: [] } }));
    expect(rows.map((r) => r.skillName)).toEqual(['Consulting', 'Legal']);
  });
  it('shows the listed skills at zero while the counts load', () => {
    expect(skillRows(['Consulting'], undefined)).toEqual([{ skillName: 'Consulting', count: 0, myEndorsementId: null }]);
  });
});
