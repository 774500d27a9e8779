/**
 * A skill endorsement through the real service: the endorsee must list the skill, and both members earn their
 * points, the endorsee's achievements are checked and they are notified, as when a member endorses in the app.
 */
import { createEndorsement } from '../../services/endorsements.ts';
import type { Db } from '../client.ts';

export interface EndorsementOptions {
  /** Who endorses: any signed-in member other than the endorsee. */
  from: { id: string; firstName: string; lastName: string };
  /** Whose skill: a listed member. */
  to: { id: string };
  /** One of the endorsee's listed skills. */
  skill: string;
  message?: string;
  /** When it happens (default now). */
  now?: Date;
}

export function makeEndorsement(db: Db, o: EndorsementOptions) {
  return createEndorsement(db, o.from, { endorseeId: o.to.id, skillName: o.skill, message: o.message }, o.now ?? new Date());
}
