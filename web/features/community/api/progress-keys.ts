/**
 * The query keys of My Progress (first element: the endpoint's path). A lead change can award points, a level and
 * achievements, so the lead feature refreshes the points, the level and the member's achievements.
 */
export const progressKeys = {
  points: ['/api/points'] as const,
  pointsPage: (page: number) => ['/api/points', { page }] as const,
  userLevel: ['/api/user-level'] as const,
  levels: ['/api/levels'] as const,
  userAchievements: ['/api/achievements/user'] as const,
  endorsementsAll: ['/api/skill-endorsements/user'] as const,
  endorsements: (userId: string) => ['/api/skill-endorsements/user', { userId }] as const,
};
