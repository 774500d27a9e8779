import type { LeadStatus } from '../constants/options.ts';

/** Weighted pipeline factors: qualified 0.7, in-progress 0.9, closed-won 1, others 0.3. */
export const PIPELINE_WEIGHTS: Record<LeadStatus, number> = {
  submitted: 0.3,
  reviewing: 0.3,
  qualified: 0.7,
  'in-progress': 0.9,
  'closed-won': 1,
  'closed-lost': 0.3,
};

/** The factor of any status without one of its own. */
export const OTHER_STATUS_WEIGHT = 0.3;

/** The columns of the pipeline board, in order; closed-lost is not on the board. */
export const PIPELINE_COLUMNS: LeadStatus[] = ['submitted', 'reviewing', 'qualified', 'in-progress', 'closed-won'];

/** Labels the screens show for each status. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  submitted: 'Submitted',
  reviewing: 'Under Review',
  qualified: 'Qualified',
  'in-progress': 'In Progress',
  'closed-won': 'Closed Won',
  'closed-lost': 'Closed Lost',
};

/**
 * Weighted pipeline value in pence: each lead's value times its status factor, rounded once. Every status counts,
 * closed-lost included (at 0.3 like any status without its own factor), though closed-lost has no column on the board.
 */
export function weightedPipelinePence(leads: Array<{ status: LeadStatus; valuePence: number }>): number {
  let tenths = 0;
  for (const l of leads) {
    const factor = (PIPELINE_WEIGHTS as Partial<Record<string, number>>)[l.status] ?? OTHER_STATUS_WEIGHT;
    tenths += l.valuePence * Math.round(factor * 10);
  }
  return Math.round(tenths / 10);
}

/**
 * The kinds of entry on a lead's timeline; a status change carries the status it left and the one it entered.
 * `edited`: its partner or an administrator corrected its fields; `withdrawn`: its partner took it out of the pipeline (closed-lost).
 */
export const LEAD_ACTIVITY_KINDS = ['submitted', 'status_changed', 'reviewed', 'notes_updated', 'edited', 'withdrawn'] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];

/** The timeline text of an entry, derived from its structured fields (nothing ever parses it back). */
export function activityText(kind: string, from: string | null, to: string | null): string {
  const label = (s: string | null) => (s && s in STATUS_LABELS ? STATUS_LABELS[s as LeadStatus] : (s ?? 'Unknown'));
  switch (kind) {
    case 'submitted':
      return 'Lead submitted';
    case 'status_changed':
      return `Status changed from ${label(from)} to ${label(to)}`;
    case 'notes_updated':
      return 'Notes updated';
    case 'edited':
      return 'Lead details edited';
    case 'withdrawn':
      return 'Lead withdrawn by the partner';
    default:
      return 'Lead reviewed';
  }
}
