import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../common/schemas/page.ts';
import type { z } from 'zod';
import type { Placement, placementCreateSchema, Timesheet, TimesheetDetail } from '../../../../common/schemas/timesheets.ts';
import { LEAD_TYPE_LABELS } from '../../../../common/constants/leads.ts';
import { PLACEMENT_LEAD_TYPES, type TimesheetRole, type TimesheetStatus } from '../../../../common/constants/timesheets.ts';
import type { AdminUser } from '../../../../common/schemas/admin.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { api } from '../../../lib/api.ts';
import { changed } from '../../../lib/changes.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { timesheetKeys } from './keys.ts';

const enc = encodeURIComponent;

/**
 * One page of placements the member may see, narrowed to one side (contractor or client) when asked; `at` is a
 * page number or a position with the cursor that finds it.
 */
export function usePlacements(role: TimesheetRole, at: number | PagePosition = 1, pageSize = 100, enabled = true) {
  const position = typeof at === 'number' ? { page: at } : at;
  return useQuery({
    queryKey: timesheetKeys.placements({ role, ...position, pageSize }),
    queryFn: () => api.get<Page<Placement>>(withQuery('/api/placements', { role, ...position, pageSize })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface SheetFilters {
  role: TimesheetRole;
  status?: TimesheetStatus;
  page: number;
  pageSize: number;
  /** The cursor of the page, when it was reached from its neighbour. */
  after?: string;
  before?: string;
}

/** One page of sheets, newest week first. */
export function useTimesheets(f: SheetFilters, enabled = true) {
  return useQuery({
    queryKey: timesheetKeys.list({ ...f }),
    queryFn: () =>
      api.get<Page<Timesheet>>(withQuery('/api/timesheets', { role: f.role, status: f.status, page: f.page, pageSize: f.pageSize, after: f.after, before: f.before })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One sheet with its days. */
export function useTimesheet(id: string | null) {
  return useQuery({
    queryKey: timesheetKeys.sheet(id ?? ''),
    queryFn: () => api.get<TimesheetDetail>(`/api/timesheets/${enc(id!)}`),
    enabled: !!id,
  });
}

/**
 * After a sheet changed: keep its answer and refresh what shows timesheets; an approved (or corrected) sheet has
 * also earned commission, so everything showing commissions refreshes too (the tracker, payouts, users, overview).
 */
export function sheetChanged(client: QueryClient, sheet: TimesheetDetail) {
  client.setQueryData(timesheetKeys.sheet(sheet.id), sheet);
  return changed(client, sheet.status === 'approved' ? ['timesheet', 'commission'] : 'timesheet');
}

export interface EntryInput {
  date: string;
  units: number;
  description: string | null;
}

/**
 * Saves a week's days as a draft: creates the sheet for the placement and week first when there is none yet, then
 * replaces its days. Answers the sheet as the server now holds it (with its total).
 */
export function useSaveSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { sheetId?: string; placementId: string; weekStarting: string; entries: EntryInput[] }) => {
      const id = v.sheetId ?? (await api.post<TimesheetDetail>('/api/timesheets', { placementId: v.placementId, weekStarting: v.weekStarting })).id;
      return api.patch<TimesheetDetail>(`/api/timesheets/${enc(id)}`, { entries: v.entries });
    },
    onSuccess: (sheet) => sheetChanged(client, sheet),
    // a sheet may have been created before the days were refused: the lists should show it
    onError: () => changed(client, 'timesheet'),
  });
}

/** Sends a saved sheet for approval. */
export function useSubmitSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<TimesheetDetail>(`/api/timesheets/${enc(id)}/submit`),
    onSuccess: (sheet) => sheetChanged(client, sheet),
  });
}

/** The client (or an administrator) approves, with an optional comment, or rejects, saying why. */
export function useDecideSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; decision: 'approve' | 'reject'; comments: string }) =>
      api.post<TimesheetDetail>(`/api/timesheets/${enc(v.id)}/${v.decision}`, v.comments.trim() ? { comments: v.comments.trim() } : {}),
    onSuccess: (sheet) => sheetChanged(client, sheet),
  });
}

/**
 * An administrator corrects an approved sheet: its days replaced, and why. The sheet stays approved; the difference
 * in profit earns (or takes back) the referring partner's commission, so the figures refresh too.
 */
export function useAdjustSheet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; entries: EntryInput[]; reason: string }) =>
      api.post<TimesheetDetail>(`/api/timesheets/${enc(v.id)}/adjust`, { entries: v.entries, reason: v.reason.trim() }),
    onSuccess: (sheet) => sheetChanged(client, sheet),
  });
}

/** What the placement form sends: the create body, or (editing) the same fields without the lead. */
export type PlacementBody = z.input<typeof placementCreateSchema>;

/** Creates a placement, or edits one when given its id (administrators). */
export function useSavePlacement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PlacementBody }) => {
      if (!id) return api.post<Placement>('/api/placements', body);
      const { leadId: _lead, ...fields } = body;
      return api.patch<Placement>(`/api/placements/${enc(id)}`, fields);
    },
    onSuccess: () => changed(client, 'placement'),
  });
}

/** Invites the client contact of a lead to join by e-mail (administrators). */
export function useInviteClient() {
  return useMutation({
    mutationFn: (body: { leadId: string; email: string; firstName: string; lastName: string }) => api.post<{ invited: boolean }>('/api/placements/invitations', body),
  });
}

/** A closed-won interim or recruitment lead, or an approved active member, as the placement form offers it. */
export interface PickOption {
  id: string;
  label: string;
  detail: string;
}

/** Closed-won interim and recruitment leads matching a search (administrators see every lead). */
export function useWonLeadOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/leads', { status: 'closed-won', search, pageSize: 50, for: 'placement' }],
    queryFn: async (): Promise<PickOption[]> => {
      const page = await api.get<Page<Lead>>(withQuery('/api/leads', { status: 'closed-won', search, page: 1, pageSize: 50 }));
      return page.items
        .filter((l) => (PLACEMENT_LEAD_TYPES as readonly string[]).includes(l.leadType))
        .map((l) => ({ id: l.id, label: l.companyName, detail: `${LEAD_TYPE_LABELS[l.leadType]} · referred by ${l.submitterName}` }));
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Approved, active members matching a search, from User Management's list (administrators). */
export function useMemberOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/users', { search, page: 1, pageSize: 20, for: 'placement' }],
    queryFn: async (): Promise<PickOption[]> => {
      const page = await api.get<Page<AdminUser>>(withQuery('/api/users', { search, page: 1, pageSize: 20 }));
      return page.items
        .filter((u) => u.accountStatus === 'approved' && u.isActive)
        .map((u) => ({ id: u.id, label: `${u.firstName} ${u.lastName}`, detail: [u.jobTitle, u.company].filter(Boolean).join(', ') || u.email }));
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
