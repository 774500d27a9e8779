/** The filters and page of one directory list, as GET /api/members takes them. */
export interface DirectoryParams {
  search?: string;
  industry?: string;
  expertise?: string;
  location?: string;
  page?: number;
  pageSize?: number;
  /** The cursor of the page, when it was reached from its neighbour. */
  after?: string;
  before?: string;
}

/** How many members one directory page shows. */
export const DIRECTORY_PAGE_SIZE = 24;

/** A directory list's filters in one canonical form (trimmed, defaults filled in), so the same list is one cache entry. */
export function directoryFilters(p: DirectoryParams) {
  return {
    search: p.search?.trim() || '',
    industry: p.industry?.trim() || '',
    expertise: p.expertise?.trim() || '',
    location: p.location?.trim() || '',
    page: p.page ?? 1,
    pageSize: p.pageSize ?? DIRECTORY_PAGE_SIZE,
    after: p.after,
    before: p.before,
  };
}

/**
 * The query keys of the Community Hub's directory (first element: the endpoint's path). Every directory page lives
 * under `directoryAll`, every profile under `profileAll`, every member's endorsements under `endorsementsAll`.
 */
export const directoryKeys = {
  directoryAll: ['/api/members'] as const,
  directory: (p: DirectoryParams) => ['/api/members', directoryFilters(p)] as const,
  profileAll: ['/api/users'] as const,
  profile: (userId: string) => ['/api/users', { id: userId }] as const,
  endorsementsAll: ['/api/skill-endorsements'] as const,
  endorsements: (userId: string) => ['/api/skill-endorsements', { userId }] as const,
  /** The same key as the dashboard tour's, so both read one cached answer. */
  onboarding: ['/api/onboarding'] as const,
};
