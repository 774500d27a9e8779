import { pageKey, type PageAsked } from './keys.ts';

/** Which reports the moderation queue lists: every one (open first), only the open, or only the closed. */
export type ReportFilter = 'all' | 'open' | 'closed';

/** The query keys of the moderation queue (first element: the endpoint's path), one entry per page and filter. */
export const moderationKeys = {
  all: ['/api/admin/reports'] as const,
  page: (status: ReportFilter, p: PageAsked) => ['/api/admin/reports', { status, ...pageKey(p) }] as const,
};
