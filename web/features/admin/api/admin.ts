import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOverview, AuditPage, OutboxPage } from '../../../../common/schemas/admin.ts';
import type { ApplicationStats } from '../../../../common/schemas/applications.ts';
import { api } from '../../../lib/api.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { adminKeys } from './keys.ts';

export type { AuditEntry, OutboxItem } from '../../../../common/schemas/admin.ts';

/** One page of the e-mails the product sent or kept, newest first; read when the Outbox tab is opened. */
export function useOutbox(position: PagePosition, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.outbox({ ...position, pageSize }),
    queryFn: () => api.get<OutboxPage>(withQuery('/api/admin/outbox', { ...position, pageSize })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The application summary (the same answer the review screen uses): pending, high risk, competitor flags, ready. */
export function useApplicationSummary() {
  return useQuery<ApplicationStats>({ queryKey: adminKeys.applicationStats });
}

/** The five partners with most referrals and the five latest lead activities. */
export function useAdminOverview() {
  return useQuery<AdminOverview>({ queryKey: adminKeys.overview });
}

/** One page of the audit log, newest first; read when the tab is opened. */
export function useAuditLog(position: PagePosition, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.audit({ ...position, pageSize }),
    queryFn: () => api.get<AuditPage>(withQuery('/api/admin/audit-log', { ...position, pageSize })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
