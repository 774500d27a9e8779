/*
 * The Community Hub's public entry: the only module other features may import from it. The router loads the page
 * from pages/ itself, so the hub stays a chunk of its own; nothing here may import a page.
 */

/** A lead change awards points, levels and achievements: the lead feature refreshes My Progress by these keys. */
export { progressKeys } from './api/progress-keys.ts';

/** Profile settings shows the owner's own skills with their endorsement counts from these. */
export { useUserEndorsements } from './api/endorsements.ts';
export { skillRows } from './lib/skill-rows.ts';

/** My Profile shows the member's own profile as others see it, with the same view the directory's profile dialog uses. */
export { useMemberProfile } from './api/directory.ts';
export { MemberProfileDetails } from './components/directory/MemberProfileDialog.tsx';
/** The dashboard's recommended members open the directory's profile dialog from their names. */
export { MemberProfileDialog, type ProfilePreview } from './components/directory/MemberProfileDialog.tsx';

/** The leaderboard shows the member's own points, level and first point transactions with My Progress's cards. */
export { usePoints, useUserLevel } from './api/progress.ts';
export { LevelCard } from './components/progress/LevelCard.tsx';
export { PointsActivity } from './components/progress/PointsActivity.tsx';
