/** The query keys of the member network (first element: the endpoint's path). */
export const memberKeys = {
  /** The signed-in member's connections and open requests, both directions. */
  connections: ['/api/member-connections'] as const,
  /** Up to eight recommended members, scored on the server. */
  recommendations: ['/api/members/recommendations'] as const,
};
