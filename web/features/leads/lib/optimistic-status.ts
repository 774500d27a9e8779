import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LeadStatus } from '../../../../common/constants/options.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import type { LeadPage } from '../api/leads.ts';
import { leadKeys, type LeadListFilters } from '../api/keys.ts';

/** The cached lead lists (and lead pages) as they were, to put back if the server refuses the change. */
type LeadListSnapshot = Array<[QueryKey, LeadPage | Lead | undefined]>;

const isLeadPage = (v: unknown): v is LeadPage => typeof v === 'object' && v !== null && Array.isArray((v as LeadPage).items);
const isLead = (v: unknown): v is Lead => typeof v === 'object' && v !== null && typeof (v as Lead).id === 'string' && typeof (v as Lead).status === 'string';

/**
 * Moves a lead between the cached lists at once, before the server answers: it changes in place in unfiltered
 * lists and in lists of its new status, leaves lists filtered by another status, and joins the first page of its
 * new status's unfiltered list (newest first, as the server orders them; the refresh that follows settles the rest).
 */
export function applyOptimisticStatus(client: QueryClient, lead: Lead, status: LeadStatus, now = new Date()): LeadListSnapshot {
  const snapshot = client.getQueriesData<LeadPage | Lead>({ queryKey: leadKeys.all }) as LeadListSnapshot;
  const moved: Lead = { ...lead, status, updatedAt: now.toISOString() };
  for (const [key, cached] of snapshot) {
    if (!cached) continue;
    // the lead's own page moves with it; a discussion or anything else under the key is not a list
    if (isLead(cached)) {
      if (cached.id === lead.id) client.setQueryData<Lead>(key, { ...cached, status, updatedAt: moved.updatedAt });
      continue;
    }
    if (!isLeadPage(cached)) continue;
    const page = cached;
    const filter = (key[1] as LeadListFilters | undefined) ?? { status: null, page: 1, search: '', pageSize: page.pageSize };
    const has = page.items.some((l) => l.id === lead.id);
    if (filter.status === null || filter.status === status) {
      if (has) {
        client.setQueryData<LeadPage>(key, { ...page, items: page.items.map((l) => (l.id === lead.id ? moved : l)) });
      } else if (filter.status === status && filter.page === 1 && !filter.search && !filter.assigned) {
        const items = [...page.items, moved].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        client.setQueryData<LeadPage>(key, { ...page, items: items.slice(0, page.pageSize), total: page.total + 1 });
      }
    } else if (has) {
      client.setQueryData<LeadPage>(key, { ...page, items: page.items.filter((l) => l.id !== lead.id), total: Math.max(0, page.total - 1) });
    }
  }
  return snapshot;
}

/** Puts the lists back as they were before an optimistic change. */
export function restoreLeadLists(client: QueryClient, snapshot: LeadListSnapshot | undefined) {
  for (const [key, page] of snapshot ?? []) client.setQueryData(key, page);
}
