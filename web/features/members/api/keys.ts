/** The query keys of the member network (first element: the endpoint's path). */
export const memberKeys = {
  /** Every page and filter of the signed-in member's connections and requests. */
  connections: ['/api/member-connections'] as const,
  connectionList: (p: { direction?: 'incoming' | 'outgoing'; status?: 'pending' | 'accepted'; page: number; pageSize: number; after?: string; before?: string }) =>
    ['/api/member-connections', p] as const,
  /** Up to eight recommended members, scored on the server. */
  recommendations: ['/api/members/recommendations'] as const,
  /** Every page and filter of the member directory, which shows the viewer's connection with each member. */
  directory: ['/api/members'] as const,
  /** Every member profile (GET /api/users/{id}), which shows the connection and the connection count. */
  profiles: ['/api/users'] as const,
};
