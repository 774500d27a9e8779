import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DuplicateCheck, Lead, LeadActivityPage, LeadPage } from '../../../../common/schemas/lead.ts';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { leadKeys, leadListFilters, type LeadListParams } from './keys.ts';

export type { LeadPage } from '../../../../common/schemas/lead.ts';

/** GET /api/leads with the list's search, status filter and page. */
function leadsUrl(p: LeadListParams): string {
  const f = leadListFilters(p);
  return withQuery('/api/leads', { search: f.search, status: f.status, assigned: f.assigned, page: f.page, pageSize: f.pageSize, after: f.after, before: f.before });
}

/** One lead list as a query (key and read function together), for a single list or a board of them. */
export function leadListQuery(params: LeadListParams) {
  return queryOptions({ queryKey: leadKeys.list(params), queryFn: () => api.get<LeadPage>(leadsUrl(params)) });
}

/** A page of leads: the caller's own for partners, all leads (with the duplicate flag) for admins. */
export function useLeads(params: LeadListParams) {
  return useQuery({ ...leadListQuery(params), placeholderData: (previous) => previous });
}

/** One lead, for its page (`/leads/{id}`); a lead not there or not the viewer's answers 404 at once (no retries). */
export function useLead(id: string | null) {
  return useQuery({
    queryKey: leadKeys.detail(id ?? ''),
    queryFn: () => api.get<Lead>(`/api/leads/${encodeURIComponent(id!)}`),
    enabled: !!id,
    retry: false,
  });
}

/**
 * The CSV download of the leads a list shows (GET /api/leads/export.csv with its search, status and owner filters,
 * every page): a partner's own leads, every lead for administrators. A plain link: the browser downloads it.
 */
export function leadExportUrl(p: Pick<LeadListParams, 'search' | 'status' | 'assigned'> = {}): string {
  const f = leadListFilters(p);
  return withQuery('/api/leads/export.csv', { search: f.search, status: f.status, assigned: f.assigned });
}

const TIMELINE_PAGE = 100;

/**
 * The progress timeline of one lead, oldest first; only requested while a lead is open. A timeline longer than
 * a page shows its newest page, with how many earlier entries are not shown (never a silent cut).
 */
export function useLeadActivities(leadId: string | null | undefined) {
  return useQuery({
    queryKey: leadKeys.activities(leadId ?? ''),
    queryFn: async () => {
      const page = (n: number) => api.get<LeadActivityPage>(withQuery('/api/lead-activities', { leadId, page: n, pageSize: TIMELINE_PAGE }));
      const first = await page(1);
      const last = first.total > TIMELINE_PAGE ? await page(Math.ceil(first.total / TIMELINE_PAGE)) : first;
      return { items: last.items, earlier: first.total - last.items.length };
    },
    enabled: !!leadId,
    staleTime: 0,
  });
}

/** Whether a company or contact e-mail domain is already in the open pipeline (no details of whose lead). */
export function useDuplicateCheck(companyName: string, contactEmail: string) {
  const company = companyName.trim();
  const email = contactEmail.trim();
  const companyReady = company.length >= 2;
  const emailReady = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email);
  const enabled = companyReady || emailReady;
  const query = useQuery({
    queryKey: leadKeys.duplicateCheck(company.toLowerCase(), emailReady ? email.slice(email.lastIndexOf('@') + 1).toLowerCase() : ''),
    queryFn: () =>
      api.get<DuplicateCheck>(withQuery('/api/leads/duplicate-check', { companyName: companyReady ? company : undefined, contactEmail: emailReady ? email : undefined })),
    enabled,
    staleTime: 30_000,
  });
  /** Only a check of what is typed now counts (nothing when both fields are too short to check). */
  const match = enabled && query.data ? { companyMatch: companyReady && query.data.companyMatch, domainMatch: emailReady && query.data.domainMatch } : null;
  return { ...query, match };
}
