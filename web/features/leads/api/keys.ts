import type { LeadStatus } from '../../../../common/constants/options.ts';

/** The filters and page of one lead list, as GET /api/leads takes them. */
export interface LeadListParams {
  search?: string;
  status?: LeadStatus;
  /** `me`: only the leads assigned to the signed-in administrator. */
  assigned?: 'me';
  page?: number;
  pageSize?: number;
  /** The cursor of the page, when it was reached from its neighbour. */
  after?: string;
  before?: string;
}

/** A list's filters in one canonical form, so the same list is one cache entry however it was asked for. */
export interface LeadListFilters {
  search: string;
  status: LeadStatus | null;
  assigned: 'me' | null;
  page: number;
  pageSize: number;
  after: string | null;
  before: string | null;
}

/** Fills in the defaults (page 1 of 25, no search, every status, whoever owns it) and trims the search. */
export function leadListFilters(p: LeadListParams): LeadListFilters {
  return {
    search: p.search?.trim() || '',
    status: p.status ?? null,
    assigned: p.assigned ?? null,
    page: p.page ?? 1,
    pageSize: p.pageSize ?? 25,
    after: p.after ?? null,
    before: p.before ?? null,
  };
}

/**
 * The query keys of the lead feature (first element: the endpoint's path). Every lead list (My Leads, the admin
 * table, each pipeline column) lives under `leadKeys.all`, every timeline under `leadKeys.activitiesAll`.
 */
export const leadKeys = {
  all: ['/api/leads'] as const,
  list: (p: LeadListParams) => ['/api/leads', leadListFilters(p)] as const,
  /** One lead by id (its page, `/leads/{id}`): refreshed with the lists. */
  detail: (id: string) => ['/api/leads', { id }] as const,
  /** A lead's discussion: under the lead lists' key, so every lead change (and a new message arriving live) refreshes it. */
  comments: (id: string) => ['/api/leads', { id }, 'comments'] as const,
  activitiesAll: ['/api/lead-activities'] as const,
  activities: (leadId: string) => ['/api/lead-activities', { leadId }] as const,
  duplicateCheckAll: ['/api/leads/duplicate-check'] as const,
  duplicateCheck: (company: string, domain: string) => ['/api/leads/duplicate-check', { company, domain }] as const,
};
