import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { sendInvitationEmail } from '../../services/password-reset.ts';

/** One imported member's invitation to choose their password, sent in the import's transaction. */
export const IMPORT_INVITE_JOB = 'import.invite';

export interface ImportInviteJob {
  userId: string;
  /** The site the link opens (the importing administrator's, as an invitation's). */
  origin: string;
  inviterName: string;
  pending: boolean;
}

/**
 * The invitations of a members import, one job each, so a file of thousands answers at once and a failed e-mail is
 * retried. A member who has meanwhile chosen a password, or whose account is gone or closed, is not invited.
 */
export function importJobs(ctx: AppContext): JobKind[] {
  const kind: JobKind<ImportInviteJob> = {
    name: IMPORT_INVITE_JOB,
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 300,
    batchSize: 20,
    handler: async ({ userId, origin, inviterName, pending }) => {
      const [account] = await ctx.db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          username: users.username,
          password: users.password,
          isActive: users.isActive,
          removedAt: users.removedAt,
          anonymisedAt: users.anonymisedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!account || account.password || !account.isActive || account.removedAt || account.anonymisedAt || !account.username) return;
      await sendInvitationEmail({ db: ctx.db, config: ctx.config, mailer: ctx.mailer, now: ctx.now }, origin, { ...account, username: account.username }, inviterName, {
        pending,
      });
    },
  };
  return [kind as unknown as JobKind];
}
