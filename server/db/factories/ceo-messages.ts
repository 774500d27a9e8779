/**
 * The CEO Contact factory, shared by the API tests and the demo seed: a message sent through the same service
 * the route calls, so the daily limit holds and every admin is notified.
 */
import type { CeoMessage } from '../../../common/schemas/community.ts';
import type { Actor } from '../../policies/roles.ts';
import { sendCeoMessage } from '../../services/ceo-messages.ts';
import type { Db } from '../client.ts';

export interface CeoMessageOptions {
  sender: Actor & { firstName: string; lastName: string; email: string };
  /** When it is sent (default: the real current time). */
  now?: Date;
  subject?: string;
  message?: string;
}

let counter = 0;

export async function makeCeoMessage(db: Db, o: CeoMessageOptions): Promise<CeoMessage> {
  counter += 1;
  return sendCeoMessage(
    { db },
    o.sender,
    {
      subject: o.subject ?? `An idea for the network (${counter})`,
      message: o.message ?? 'A quarterly members-only breakfast could turn introductions into closed business faster.',
    },
    o.now ?? new Date(),
  );
}
