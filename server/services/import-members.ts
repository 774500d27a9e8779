import { randomUUID } from 'node:crypto';
import { inArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../common/errors.ts';
import {
  IMPORT_MESSAGES,
  MEMBER_IMPORT_COLUMNS,
  memberImportRowSchema,
  type ImportReport,
  type ImportRowError,
  type MemberImportRow,
} from '../../common/schemas/imports.ts';
import type { Db, Tx } from '../db/client.ts';
import { memberApplications, users } from '../db/schema/index.ts';
import { mayImport } from '../policies/imports.ts';
import { NEW_MEMBER_ROLE, type Actor } from '../policies/roles.ts';
import { applicantColumns } from './accounts.ts';
import { chunks, readImportFile, recordInput, rowErrors } from './import-csv.ts';
import { auditImport, importReport, INSERT_CHUNK, recordAudits, recordEvents, type ImportDeps } from './imports.ts';
import { NO_LINK_ORIGIN } from './password-reset.ts';
import { IMPORT_INVITE_JOB, type ImportInviteJob } from '../features/imports/jobs.ts';

export type ImportedMemberStatus = 'approved' | 'pending';

interface PlannedMember {
  row: number;
  data: MemberImportRow;
}

/** Addresses and usernames a list of accounts already holds, compared without letter case (one query a chunk). */
async function takenNames(db: Db | Tx, emails: string[], usernames: string[]) {
  const taken = { emails: new Set<string>(), usernames: new Set<string>() };
  const size = 10_000;
  for (let i = 0; i < Math.max(emails.length, usernames.length); i += size) {
    const e = emails.slice(i, i + size);
    const u = usernames.slice(i, i + size);
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})`, username: sql<string | null>`lower(${users.username})` })
      .from(users)
      .where(or(e.length ? inArray(sql`lower(${users.email})`, e) : sql`false`, u.length ? inArray(sql`lower(${users.username})`, u) : sql`false`));
    for (const r of rows) {
      taken.emails.add(r.email);
      if (r.username) taken.usernames.add(r.username);
    }
  }
  return taken;
}

/**
 * Every row checked with the registration form's schema (less the password); an address that already has an account,
 * or repeats an earlier row, is skipped; a new member's username taken by another account (or an earlier row) is a
 * problem of its row.
 */
async function planMembers(db: Db | Tx, bytes: Buffer, dryRun: boolean): Promise<{ report: ImportReport; create: PlannedMember[] }> {
  const { header, records, headerProblem } = readImportFile(bytes, MEMBER_IMPORT_COLUMNS);
  if (headerProblem) return { report: { ...importReport('members', dryRun, records.length, [], 0, 0), valid: 0, errors: [headerProblem] }, create: [] };
  const errors: ImportRowError[] = [];
  const parsed: PlannedMember[] = [];
  for (const record of records) {
    const result = memberImportRowSchema.safeParse(recordInput(MEMBER_IMPORT_COLUMNS, header, record.cells));
    if (result.success) parsed.push({ row: record.row, data: result.data });
    else errors.push(...rowErrors(MEMBER_IMPORT_COLUMNS, record.row, result.error));
  }
  const taken = await takenNames(db, [...new Set(parsed.map((p) => p.data.email))], [...new Set(parsed.map((p) => p.data.username.toLowerCase()))]);
  const create: PlannedMember[] = [];
  let skipped = 0;
  for (const p of parsed) {
    if (taken.emails.has(p.data.email)) {
      skipped++;
      continue;
    }
    const username = p.data.username.toLowerCase();
    if (taken.usernames.has(username)) {
      errors.push({ row: p.row, column: 'username', message: IMPORT_MESSAGES.duplicateUsername });
      continue;
    }
    taken.emails.add(p.data.email);
    taken.usernames.add(username);
    create.push(p);
  }
  return { report: importReport('members', dryRun, records.length, errors, create.length, skipped), create };
}

/**
 * The accounts (no password yet: the invitation's link chooses it), their applications, the invitation's audit entry
 * for each, and the facts `member.applied` (and `member.approved` for approved ones), a chunk of rows per statement.
 */
async function writeMembers(tx: Tx, actor: Actor, create: PlannedMember[], status: ImportedMemberStatus, now: Date) {
  const approved = status === 'approved';
  const rows = create.map(({ data }) => ({
    id: randomUUID(),
    username: data.username,
    password: null,
    ...applicantColumns(data),
    role: NEW_MEMBER_ROLE,
    isActive: true,
    accountStatus: status,
    authProvider: 'local',
    appliedAt: now,
    approvedAt: approved ? now : null,
    approvedBy: approved ? actor.id : null,
    createdAt: now,
  }));
  for (const part of chunks(rows, INSERT_CHUNK)) await tx.insert(users).values(part);
  const applications = rows.map((r) => ({ userId: r.id, createdAt: now, ...(approved ? { reviewedBy: actor.id, reviewedAt: now } : {}) }));
  for (const part of chunks(applications, INSERT_CHUNK)) await tx.insert(memberApplications).values(part);
  await recordAudits(
    tx,
    rows.map((r) => ({
      actorId: actor.id,
      action: 'user.invite' as const,
      entityType: 'user' as const,
      entityId: r.id,
      after: { role: NEW_MEMBER_ROLE, accountStatus: status },
      at: now,
    })),
  );
  await recordEvents(
    tx,
    'member.applied',
    rows.map((r) => ({ entityId: r.id, data: { userId: r.id, via: 'import' as const } })),
    { actorId: actor.id, at: now },
  );
  if (approved)
    await recordEvents(
      tx,
      'member.approved',
      rows.map((r) => ({ entityId: r.id, data: { userId: r.id } })),
      { actorId: actor.id, at: now },
    );
  return rows;
}

/** A unique index broken by an account created between the check and the write (another import, a registration). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * An administrator imports members from a CSV file, as approved members or pending applicants. A dry run answers
 * the report only; otherwise every row must be valid and the accounts are written in one transaction (nothing at
 * all when a row has a problem). Each new member is then sent the invitation e-mail to choose their password; an
 * address that already has an account is skipped, so running the same file again invites nobody twice.
 */
export async function importMembers(
  deps: ImportDeps,
  actor: Actor & { firstName: string; lastName: string },
  bytes: Buffer,
  options: { dryRun: boolean; status: ImportedMemberStatus; origin: string | null },
): Promise<ImportReport> {
  if (!mayImport(actor)) throw new AppError('forbidden', 'Administrator access is required.');
  if (options.dryRun) return (await planMembers(deps.db, bytes, true)).report;
  if (!options.origin) throw new AppError('unavailable', NO_LINK_ORIGIN);
  const now = deps.now();
  const origin = options.origin;
  const inviterName = `${actor.firstName} ${actor.lastName}`;
  try {
    return await deps.db.transaction(async (tx) => {
      const plan = await planMembers(tx, bytes, false);
      if (plan.report.errors.length) return plan.report;
      const invited = await writeMembers(tx, actor, plan.create, options.status, now);
      await auditImport(tx, actor.id, 'members', plan.report, now, { memberStatus: options.status });
      // each new member's invitation is a job of its own, written with the accounts: sent after the commit, retried if the mail fails
      const pending = options.status === 'pending';
      await deps.jobs.sendMany<ImportInviteJob>(
        IMPORT_INVITE_JOB,
        invited.map((m) => ({ userId: m.id, origin, inviterName, pending })),
        { tx },
      );
      return plan.report;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', 'An account with one of these emails or usernames was created meanwhile. Check the file again.');
    throw err;
  }
}
