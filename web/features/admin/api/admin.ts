import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommissionStatus } from '../../../../common/constants/leads.ts';
import type { Commission } from '../../../../common/schemas/lead.ts';
import type { AdminUser } from '../../../../common/schemas/member.ts';
import { api, ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

/** An e-mail the product sent or kept (GET /api/admin/outbox). */
export interface OutboxEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  transport: string;
  status: string;
  error: string | null;
  createdAt: string;
}

/** The newest 50 e-mails; read when the Outbox tab is opened. */
export function useOutbox(enabled: boolean) {
  return useQuery<OutboxEmail[]>({ queryKey: ['/api/admin/outbox'], enabled });
}

/** The application summary (the same answer the review screen uses): pending, high risk, competitor flags, ready. */
export function usePendingCount() {
  return useQuery<{ pending: number; highRisk: number; competitorFlags: number; readyToApprove: number }>({ queryKey: ['/api/admin/application-stats'] });
}

/* ------------------------------------------------------------------------------------------------------ */
/* Overview, User Management, Commission Payouts, Audit Log                                                */
/* ------------------------------------------------------------------------------------------------------ */

export interface OverviewPartner {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
  totalLeads: number;
  successfulLeads: number;
  totalCommission: number;
}
export interface OverviewActivity {
  id: string;
  activity: string;
  companyName: string;
  userName: string | null;
  createdAt: string;
}
export interface AdminOverview {
  partners: OverviewPartner[];
  recentActivity: OverviewActivity[];
}

/** The five partners with most referrals and the five latest lead activities. */
export function useAdminOverview() {
  return useQuery<AdminOverview>({ queryKey: ['/api/admin/overview'] });
}

export interface UserPage {
  items: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

export const USERS_KEY = '/api/users';

function usersUrl(search: string, page: number, pageSize: number): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) q.set('search', search);
  return `${USERS_KEY}?${q}`;
}

/** One page of users (search over name, e-mail, company and username). */
export function useAdminUsers(search: string, page: number, pageSize: number) {
  return useQuery<UserPage>({ queryKey: [usersUrl(search, page, pageSize)], placeholderData: keepPreviousData });
}

function useRefreshUsers() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(USERS_KEY) }),
      client.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(AUDIT_KEY) }),
    ]);
}

/** Activate or deactivate an account (spec 02 §8 messages). */
export function useSetUserActive() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => api.patch<{ ok: true }>(`/api/users/${encodeURIComponent(id)}/status`, { isActive }),
    onSuccess: (_d, { isActive }) => toast({ variant: 'success', title: isActive ? 'User activated successfully!' : 'User deactivated successfully!' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: forbiddenDetail(err) ?? 'Failed to update user status. Please try again.' }),
    onSettled: () => refresh(),
  });
}

/** Remove an account: it is deactivated and hidden; leads and commissions stay. */
export function useRemoveUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => api.delete<{ ok: true }>(`/api/users/${encodeURIComponent(id)}`),
    onSuccess: () => toast({ variant: 'success', title: 'User removed successfully!' }),
    onError: (err) => toast({ variant: 'destructive', title: 'Error', description: forbiddenDetail(err) ?? 'Failed to remove user. Please try again.' }),
    onSettled: () => refresh(),
  });
}

/** A 403 carries a sentence worth showing (e.g. acting on one's own account); anything else gets the spec's text. */
function forbiddenDetail(err: unknown): string | null {
  return err instanceof ApiError && err.status === 403 && err.detail ? err.detail : null;
}

export interface CommissionFilter {
  month: string;
  status: CommissionStatus | '';
}

export const COMMISSIONS_KEY = '/api/admin/commissions';

function filterQuery({ month, status }: CommissionFilter): URLSearchParams {
  const q = new URLSearchParams();
  if (month) q.set('month', month);
  if (status) q.set('status', status);
  return q;
}

/** Where "Download CSV" points for these filters. */
export function commissionsCsvUrl(filter: CommissionFilter): string {
  const q = filterQuery(filter).toString();
  return `/api/admin/commissions.csv${q ? `?${q}` : ''}`;
}

/** One page of commissions for the payout run. */
export function useAdminCommissions(filter: CommissionFilter, limit: number, offset: number) {
  const q = filterQuery(filter);
  q.set('limit', String(limit));
  q.set('offset', String(offset));
  return useQuery<Commission[]>({ queryKey: [`${COMMISSIONS_KEY}?${q}`], placeholderData: keepPreviousData });
}

/** Mark one pending commission paid. */
export function usePayCommission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; partnerName: string }) => api.post<{ id: string; status: string; paidAt: string }>(`/api/admin/commissions/${encodeURIComponent(id)}/pay`),
    onSuccess: (_d, { partnerName }) => toast({ variant: 'success', title: 'Commission marked as paid', description: `${partnerName}'s commission is recorded as paid.` }),
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Error', description: err instanceof ApiError && err.status === 409 && err.detail ? err.detail : 'Failed to mark the commission as paid. Please try again.' }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(COMMISSIONS_KEY) }),
        client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(AUDIT_KEY) }),
        client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(USERS_KEY) }),
        client.invalidateQueries({ queryKey: ['/api/admin/overview'] }),
      ]),
  });
}

export interface AuditEntry {
  id: string;
  actorName: string | null;
  entityLabel: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export const AUDIT_KEY = '/api/admin/audit-log';

/** One page of the audit log, newest first; read when the tab is opened. */
export function useAuditLog(limit: number, offset: number, enabled: boolean) {
  return useQuery<AuditEntry[]>({ queryKey: [`${AUDIT_KEY}?limit=${limit}&offset=${offset}`], enabled, placeholderData: keepPreviousData });
}
