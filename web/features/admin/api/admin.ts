import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { adminKeys } from './keys.ts';

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
  return useQuery<OutboxEmail[]>({ queryKey: adminKeys.outbox, enabled });
}

/** The application summary (the same answer the review screen uses): pending, high risk, competitor flags, ready. */
export function useApplicationSummary() {
  return useQuery<{ pending: number; highRisk: number; competitorFlags: number; readyToApprove: number }>({ queryKey: adminKeys.applicationStats });
}

interface OverviewPartner {
  id: string;
  firstName: string;
  lastName: string;
  company: string | null;
  totalLeads: number;
  successfulLeads: number;
  totalCommission: number;
}
interface OverviewActivity {
  id: string;
  activity: string;
  companyName: string;
  userName: string | null;
  createdAt: string;
}

/** The five partners with most referrals and the five latest lead activities. */
export function useAdminOverview() {
  return useQuery<{ partners: OverviewPartner[]; recentActivity: OverviewActivity[] }>({ queryKey: adminKeys.overview });
}

/** One entry of the audit log: who did what to which record, with the fields before and after. */
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

/** One page of the audit log, newest first; read when the tab is opened. */
export function useAuditLog(limit: number, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.audit({ limit, offset }),
    queryFn: () => api.get<AuditEntry[]>(withQuery('/api/admin/audit-log', { limit, offset })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
