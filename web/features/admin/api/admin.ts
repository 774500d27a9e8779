import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminOverview, AuditActors, AuditPage, OutboxPage } from '../../../../common/schemas/admin.ts';
import type { ApplicationStats } from '../../../../common/schemas/applications.ts';
import { api } from '../../../lib/api.ts';
import type { PagePosition } from '../../../lib/paging.ts';
import { withQuery } from '../../../lib/query-keys.ts';
import { adminKeys, type AuditFilter } from './keys.ts';

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

/** One page of the audit log with its filters, newest first; read when the tab is opened. */
export function useAuditLog(filter: AuditFilter, position: PagePosition, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.audit({ ...filter, ...position, pageSize }),
    queryFn: () => api.get<AuditPage>(withQuery('/api/admin/audit-log', { ...filter, ...position, pageSize })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Everyone with an entry in the audit log, for its actor filter; read when the tab is opened. */
export function useAuditActors(enabled: boolean) {
  return useQuery<AuditActors>({ queryKey: adminKeys.auditActors, enabled });
}

/** The CSV download of the entries the filters keep (GET /api/admin/audit-log.csv), every page. */
export function auditCsvUrl(filter: AuditFilter): string {
  return withQuery('/api/admin/audit-log.csv', { ...filter });
}
