import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LeadStatus } from '../../../common/constants/options.ts';
import type { Lead, LeadActivity } from '../../../common/schemas/lead.ts';
import { api } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/** One page of GET /api/leads. */
export interface LeadPage {
  items: Lead[];
  total: number;
  page: number;
  pageSize: number;
}

export interface LeadListParams {
  search?: string;
  status?: LeadStatus;
  page?: number;
  pageSize?: number;
}

/** Every lead list shares this prefix, so one invalidation refreshes My Leads, the board and the admin table. */
export const LEADS_KEY = ['/api/leads'] as const;
export const leadListKey = (p: LeadListParams) =>
  [...LEADS_KEY, 'list', { search: p.search?.trim() || '', status: p.status ?? null, page: p.page ?? 1, pageSize: p.pageSize ?? 25 }] as const;
export const activitiesKey = (leadId: string) => ['/api/lead-activities', leadId] as const;

/** The figures that move when a lead is created, changed or removed. */
const DEPENDENT_KEYS = [
  ['/api/dashboard-stats'],
  ['/api/analytics/dashboard'],
  ['/api/commissions'],
  ['/api/commissions/summary'],
  ['/api/leaderboard'],
] as const;

export function leadsUrl(p: LeadListParams): string {
  const q = new URLSearchParams();
  if (p.search?.trim()) q.set('search', p.search.trim());
  if (p.status) q.set('status', p.status);
  q.set('page', String(p.page ?? 1));
  q.set('pageSize', String(p.pageSize ?? 25));
  return `/api/leads?${q.toString()}`;
}

/** Refreshes every lead list, the timelines and the figures derived from leads (a deleted lead's timeline is dropped). */
export function invalidateLeadData(client: QueryClient, deletedId?: string) {
  if (deletedId) client.removeQueries({ queryKey: activitiesKey(deletedId), exact: true, type: 'inactive' });
  return Promise.all([
    client.invalidateQueries({ queryKey: LEADS_KEY }),
    client.invalidateQueries({ queryKey: ['/api/lead-activities'], predicate: (q) => q.queryKey[1] !== deletedId }),
    ...DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })),
  ]);
}

/** A page of leads: the caller's own for partners, all leads (with the duplicate flag) for admins. */
export function useLeads(params: LeadListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: leadListKey(params),
    queryFn: () => api.get<LeadPage>(leadsUrl(params)),
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
  });
}

/** The progress timeline of one lead, oldest first; only requested while a lead is open. */
export function useLeadActivities(leadId: string | null | undefined) {
  return useQuery({
    queryKey: activitiesKey(leadId ?? ''),
    queryFn: () => api.get<LeadActivity[]>(`/api/lead-activities?leadId=${encodeURIComponent(leadId!)}`),
    enabled: !!leadId,
    staleTime: 0,
  });
}

export interface DuplicateCheck {
  companyMatch: boolean;
  domainMatch: boolean;
}

/** Whether a company or contact e-mail domain is already in the open pipeline (no details of whose lead). */
export function useDuplicateCheck(companyName: string, contactEmail: string) {
  const company = companyName.trim();
  const email = contactEmail.trim();
  const emailReady = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email);
  const enabled = company.length >= 2 || emailReady;
  const query = useQuery({
    queryKey: ['/api/leads/duplicate-check', company.toLowerCase(), emailReady ? email.slice(email.lastIndexOf('@') + 1).toLowerCase() : ''],
    queryFn: () => {
      const q = new URLSearchParams();
      if (company.length >= 2) q.set('companyName', company);
      if (emailReady) q.set('contactEmail', email);
      return api.get<DuplicateCheck>(`/api/leads/duplicate-check?${q.toString()}`);
    },
    enabled,
    staleTime: 30_000,
  });
  /** Only a check of what is typed now counts (nothing when both fields are too short to check). */
  const match = enabled && query.data ? { companyMatch: company.length >= 2 && query.data.companyMatch, domainMatch: emailReady && query.data.domainMatch } : null;
  return { ...query, match };
}

export const LEAD_UPDATE_FAILED = 'Failed to update lead. Please try again.';

type PageSnapshot = Array<[readonly unknown[], LeadPage | undefined]>;

/** Moves a lead between the cached lists at once: out of lists filtered by another status, into its new one. */
function applyOptimisticStatus(client: QueryClient, lead: Lead, status: LeadStatus): PageSnapshot {
  const snapshot = client.getQueriesData<LeadPage>({ queryKey: [...LEADS_KEY, 'list'] });
  const moved: Lead = { ...lead, status, updatedAt: new Date().toISOString() };
  for (const [key, page] of snapshot) {
    if (!page) continue;
    const filter = (key[2] as { status: LeadStatus | null; page: number; search: string } | undefined) ?? { status: null, page: 1, search: '' };
    const has = page.items.some((l) => l.id === lead.id);
    if (filter.status === null || filter.status === status) {
      if (has) {
        client.setQueryData<LeadPage>(key, { ...page, items: page.items.map((l) => (l.id === lead.id ? moved : l)) });
      } else if (filter.status === status && filter.page === 1 && !filter.search) {
        // newest first, as the server orders them; the refresh that follows settles anything else
        const items = [...page.items, moved].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        client.setQueryData<LeadPage>(key, { ...page, items: items.slice(0, page.pageSize), total: page.total + 1 });
      }
    } else if (has) {
      client.setQueryData<LeadPage>(key, { ...page, items: page.items.filter((l) => l.id !== lead.id), total: Math.max(0, page.total - 1) });
    }
  }
  return snapshot;
}

/**
 * PATCH /api/leads/{id} (admin): a new status and optional notes. The lists change at once and roll back if the
 * server refuses; the success toast is 'Lead updated successfully!', the failure one the spec's message.
 */
export function useUpdateLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lead, status, notes }: { lead: Lead; status: LeadStatus; notes?: string }) =>
      api.patch<Lead>(`/api/leads/${encodeURIComponent(lead.id)}`, notes ? { status, notes } : { status }),
    onMutate: async ({ lead, status }) => {
      await client.cancelQueries({ queryKey: LEADS_KEY });
      return { snapshot: applyOptimisticStatus(client, lead, status) };
    },
    onError: (_err, _vars, context) => {
      for (const [key, page] of context?.snapshot ?? []) client.setQueryData(key, page);
      toast({ variant: 'destructive', title: 'Error', description: LEAD_UPDATE_FAILED });
    },
    onSuccess: () => toast({ variant: 'success', title: 'Lead updated successfully!' }),
    onSettled: () => invalidateLeadData(client),
  });
}

/** DELETE /api/leads/{id} (admin): removes the lead with its activities, notes and commissions. */
export function useDeleteLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/leads/${encodeURIComponent(id)}`),
    onSuccess: (_res, id) => {
      toast({ variant: 'success', title: 'Lead deleted', description: 'The lead has been successfully removed from the system.' });
      void invalidateLeadData(client, id);
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete lead. Please try again.' }),
  });
}
