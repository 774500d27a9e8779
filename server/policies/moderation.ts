import type { z } from 'zod';
import type { reportAbilitiesSchema, ReportStatus } from '../../common/schemas/moderation.ts';
import { conflict, forbidden, type Permission } from './authorize.ts';
import { isAdmin, type Actor } from './roles.ts';

export type ReportAbilities = z.infer<typeof reportAbilitiesSchema>;

/** What the policy needs of a report: its state and whether its content is hidden now. */
export interface ReportFacts {
  status: ReportStatus;
  hidden: boolean;
}

/** The administrators review the reports; nobody else sees them. */
export function reviewsReports(actor: Pick<Actor, 'role'>): boolean {
  return isAdmin(actor);
}

const ONLY_ADMINISTRATORS = 'Only administrators moderate the community.';

/** Who may read the reports: the administrators (anyone else is refused, 403). */
export function reportListPermission(actor: Pick<Actor, 'role'>): Permission {
  return reviewsReports(actor) ? 'ok' : forbidden(ONLY_ADMINISTRATORS);
}

/**
 * An administrator hides reported content that is not hidden, restores hidden content, and dismisses an open
 * report (closing it without touching the content). Members never act on reports.
 */
export function reportPermission(actor: Actor, action: 'hide' | 'restore' | 'dismiss', report: ReportFacts): Permission {
  if (!reviewsReports(actor)) return forbidden(ONLY_ADMINISTRATORS);
  if (action === 'hide' && report.hidden) return conflict('This is already hidden.');
  if (action === 'restore' && !report.hidden) return conflict('This is not hidden.');
  if (action === 'dismiss' && report.status !== 'open') return conflict('This report is already closed.');
  return 'ok';
}

export function reportAbilities(actor: Actor, report: ReportFacts): ReportAbilities {
  const ok = (action: 'hide' | 'restore' | 'dismiss') => reportPermission(actor, action, report) === 'ok';
  return { hide: ok('hide'), restore: ok('restore'), dismiss: ok('dismiss') };
}
