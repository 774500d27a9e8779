import type { Commission } from '../../../../common/schemas/commission.ts';
import { formatDate } from '../../../lib/format.ts';

/**
 * What a commission was earned on, in a few words: a week of approved placement time, a correction of one, a
 * closed-won estimate that gave way to approved time; null for an ordinary closed-won lead.
 */
export function earnedOn(c: Pick<Commission, 'kind' | 'timesheet' | 'supersededAt'>): string | null {
  const week = c.timesheet ? ` · week of ${formatDate(`${c.timesheet.weekStarting}T12:00:00Z`)}` : '';
  if (c.kind === 'time') return `Approved time${week}`;
  if (c.kind === 'adjustment') return `Time correction${week}`;
  if (c.supersededAt) return 'Now earned from approved time';
  return null;
}
