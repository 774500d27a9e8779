import type { QueryClient } from '@tanstack/react-query';
import { changed } from '../../../lib/changes.ts';
import { leadKeys } from './keys.ts';

/**
 * Refreshes what a lead change makes out of date: everything registered under the `lead` topic (the lead lists,
 * the dashboard, pipeline and commission figures, the Admin Panel, the rankings and the member's progress). After
 * a delete, that lead's timeline is dropped rather than refetched (the server would answer 404); a dialog still
 * showing it keeps its last view until it closes.
 */
export function refreshAfterLeadChange(client: QueryClient, deletedId?: string) {
  if (!deletedId) return changed(client, 'lead');
  const timeline = leadKeys.activities(deletedId);
  client.removeQueries({ queryKey: timeline, exact: true, type: 'inactive' });
  return changed(client, 'lead', { except: timeline });
}
