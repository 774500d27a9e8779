import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import type { users } from '../db/schema/index.ts';

/** A stored file copied into the export under `name`; a missing one is skipped (`optional`: it may not exist by design). */
export interface ExportFile {
  key: string;
  name: string;
  optional?: boolean;
}

/**
 * One file of the member's export: its name, its README line, and what goes in it: JSON (and stored files) gathered
 * at once, or, for a list that grows with use (leads, notifications, messages), the list's pages, read in keyset
 * pages (`server/lib/stream-pages.ts`) while the file is written into the archive, so no member's list is held whole.
 */
export type ExportSection = {
  file: string;
  /** The README line, after the file name. */
  describe: string;
} & (
  | { collect(db: Db, userId: string, now: Date): Promise<{ json: unknown; files?: ExportFile[] }> }
  | { pages(db: Db, userId: string, now: Date): AsyncIterable<readonly unknown[]> }
);

/** Where a column's rows reach the member's export: the file holding them, or why they are not exported. */
export type ExportAnswer = { file: string } | { notExported: string };

/**
 * What erasure does to the rows naming the member in a column: deleted; the column set to null; rows kept with
 * their personal content cleared (`anonymised`, saying what is cleared); or kept as they are, for a reason.
 */
export type EraseAnswer = { erase: 'deleted' } | { erase: 'nulled' } | { erase: 'anonymised'; how: string } | { erase: 'kept'; reason: string };

/** A column referencing a member (`users.id`): how its rows are exported and how they are erased. */
export type PersonalColumn = { column: AnyPgColumn } & ExportAnswer & EraseAnswer;

/** The account being erased, as it was before erasure (its name and address are still at hand). */
export type ErasedAccount = typeof users.$inferSelect;

/** What a feature's erase step reports: stored files to remove once committed, and counts for the audit entry. */
export interface ErasureOutcome {
  fileKeys?: string[];
  counts?: Record<string, number>;
}

/**
 * A feature's part of the member's data: every column of its tables naming a member, the export files it writes,
 * and its erase step, run inside the erasure's transaction (it records nothing as the member being erased).
 */
export interface FeatureData {
  feature: string;
  personalTables: PersonalColumn[];
  sections: ExportSection[];
  erase?(tx: Tx, target: ErasedAccount, now: Date): Promise<ErasureOutcome | void>;
}

/** The extension of a stored file's key ('.pdf'), which its name in the export keeps. */
export const extensionOf = (key: string) => {
  const dot = key.lastIndexOf('.');
  return dot >= 0 ? key.slice(dot) : '';
};

/** Another member as the export names them: "First Last", or null when both are empty (never their id or address). */
export const nameOf = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${person.firstName} || ' ' || ${person.lastName}), '')`;
