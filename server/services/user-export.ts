import { and, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import { MEMBER_STATUS_LABELS } from '../../common/rules/member-status.ts';
import { roleLabel } from '../../common/rules/roles.ts';
import { wallClockIn } from '../../common/rules/events.ts';
import type { AdminUserExportQuery } from '../../common/schemas/admin.ts';
import type { Db, Tx } from '../db/client.ts';
import { serialPage } from '../db/serial-page.ts';
import { users } from '../db/schema/index.ts';
import { csvLine } from '../lib/csv.ts';
import { csvPages, keysetPages, primed, streamKey, type StreamOrder, type StreamPage } from '../lib/stream-pages.ts';
import { globalAbilities } from '../policies/global.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, money } from '../presenters/wire.ts';
import { figures, statusOf, userFilter } from './admin-users.ts';

/**
 * The administrators' CSV of members, with User Management's filters: one row per account, newest first. Read a
 * page at a time by keyset (created, id) through `server/lib/stream-pages.ts`, so an export of any size holds one
 * page in memory and an account created meanwhile neither repeats nor shifts a row. Only what the screen shows leaves: never a password hash,
 * a token or a provider's account id.
 */

export const USER_EXPORT_PAGE_SIZE = 500;

export const USER_CSV_HEADER = [
  'First name',
  'Last name',
  'Username',
  'E-mail',
  'E-mail verified',
  'Role',
  'Status',
  'Company',
  'Job title',
  'Location',
  'Phone',
  'Membership',
  'Joined',
  'Approved',
  'Leads',
  'Successful leads',
  'Commission (GBP)',
];

/** Newest account first. */
const NEWEST_FIRST: StreamOrder = {
  parts: [
    { expr: users.createdAt, type: 'timestamptz' },
    { expr: users.id, type: 'uuid' },
  ],
  desc: true,
};

function page(db: Db | Tx, where: SQL, p: StreamPage) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
      accountStatus: users.accountStatus,
      isActive: users.isActive,
      removedAt: users.removedAt,
      anonymisedAt: users.anonymisedAt,
      company: users.company,
      jobTitle: users.jobTitle,
      location: users.location,
      phoneNumber: users.phoneNumber,
      membershipTier: users.membershipTier,
      createdAt: users.createdAt,
      // the key in the database's own precision (microseconds), which a Date would round to milliseconds
      key: streamKey(NEWEST_FIRST),
      approvedAt: users.approvedAt,
      ...figures,
    })
    .from(users)
    .where(and(where, p.after))
    .orderBy(...p.orderBy)
    .limit(p.limit);
}
type ExportRow = Awaited<ReturnType<typeof page>>[number];

/** One account as a CSV line; every cell goes through csvField, so a name a spreadsheet would run as a formula stays text. */
function line(r: ExportRow): string {
  return csvLine([
    r.firstName,
    r.lastName,
    r.username,
    r.email,
    r.emailVerifiedAt ? 'Yes' : 'No',
    roleLabel(r.role),
    MEMBER_STATUS_LABELS[statusOf(r)],
    r.company,
    r.jobTitle,
    r.location,
    r.phoneNumber,
    r.membershipTier === 'cp-plus' ? 'CP+' : 'Standard',
    iso(r.createdAt),
    iso(r.approvedAt),
    r.totalLeads,
    r.successfulLeads,
    money(r.totalCommission),
  ]);
}

/**
 * The export's text, header first, a page of lines at a time. The first page is read before this answers, so a
 * refusal or a failing database is still an error answer rather than a cut-off file.
 */
export async function userCsv(db: Db, actor: Actor, q: AdminUserExportQuery, pageSize = USER_EXPORT_PAGE_SIZE): Promise<AsyncGenerator<string, void, undefined>> {
  if (!globalAbilities(actor).manageUsers) throw new AppError('forbidden', 'Only an administrator can export members.');
  const where = userFilter(q);
  return primed(
    csvPages(
      csvLine(USER_CSV_HEADER),
      keysetPages(
        NEWEST_FIRST,
        serialPage(db, (tx: Tx, p: StreamPage) => page(tx, where, p)),
        pageSize,
      ),
      line,
    ),
  );
}

/** The download's name: the London date of the export and the filters, e.g. `members-2026-11-27-admin-active.csv`. */
export function userCsvFilename(q: AdminUserExportQuery, now: Date): string {
  const w = wallClockIn(now, 'Europe/London');
  const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return `members-${date}${q.role ? `-${q.role}` : ''}${q.status ? `-${q.status}` : ''}.csv`;
}
