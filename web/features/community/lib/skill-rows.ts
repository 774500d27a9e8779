import type { UserEndorsements } from '../../../../common/schemas/community.ts';

/**
 * The rows of a member's skill list: each skill they list, in their order, with its endorsement count and the
 * viewer's own endorsement (to remove it); then any skill still endorsed that they no longer list.
 */
export function skillRows(expertise: readonly string[], data: UserEndorsements | undefined) {
  const names = [...expertise, ...Object.keys(data?.skills ?? {}).filter((s) => !expertise.includes(s))];
  return names.map((skillName) => {
    const s = data?.skills[skillName];
    return { skillName, count: s?.count ?? 0, myEndorsementId: s?.hasEndorsed ? s.myEndorsementId : null };
  });
}
