/** The query keys of the command palette's search (first element: the endpoint's path). */
export const searchKeys = {
  all: ['/api/search'] as const,
  results: (q: string) => ['/api/search', { q }] as const,
};
