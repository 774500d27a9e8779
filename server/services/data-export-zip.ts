import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import archiver, { type Archiver } from 'archiver';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { dataRegistry } from '../features/data-registry.ts';
import type { ExportFile } from '../features/data-types.ts';
import { jsonArrayPages } from '../lib/stream-pages.ts';
import type { FileStorage } from '../plugins/storage.ts';
import { eq } from 'drizzle-orm';

/** One JSON file of the export: its value, or a list's pages, read only as the archive writes the file. */
export type ExportEntry = { file: string; json: unknown } | { file: string; pages: AsyncIterable<readonly unknown[]> };

/** What goes into one member's export: each JSON file in order, and the stored files to copy in. */
export interface MemberData {
  entries: ExportEntry[];
  files: ExportFile[];
}

/**
 * Everything the member owns, as plain JSON-ready objects, and their stored files, gathered from every feature's
 * export sections. A section of a long list is not read here: its pages are read as its file is written. Other
 * people appear by name only, where a row makes no sense without them (the other side of a connection, an
 * endorsement, a mentorship).
 */
export async function collectMemberData(db: Db, userId: string, now: Date = new Date()): Promise<MemberData> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!exists) throw new Error('account not found');
  const data: MemberData = { entries: [], files: [] };
  for (const feature of dataRegistry) {
    for (const section of feature.sections) {
      if ('pages' in section) {
        data.entries.push({ file: section.file, pages: section.pages(db, userId, now) });
        continue;
      }
      const { json, files } = await section.collect(db, userId, now);
      data.entries.push({ file: section.file, json });
      data.files.push(...(files ?? []));
    }
  }
  return data;
}

const FILES_LINE = 'your profile picture, CV and post pictures';

/** The README: when the export was made, then one line per file, as the features describe their sections. */
export function exportReadme(brand: string, at: Date): string {
  const lines = dataRegistry.flatMap((f) => f.sections.map((s) => [s.file, s.describe] as const));
  const width = Math.max(...lines.map(([file]) => file.length)) + 2;
  const table = [...lines, ['files/', FILES_LINE] as const].map(([file, what]) => `${file.padEnd(width)}${what}`).join('\n');
  return `Your ${brand} data, exported ${at.toISOString()}.\n\n${table}\n`;
}

/**
 * The ZIP as a stream, made as it is read: a README, one JSON file per section, and the member's stored files (a
 * missing file is skipped). Nothing holds the whole archive: a list's file is written page by page as the archive
 * takes it (the archive's reader paces the reading of pages), and a stored file is copied as a stream. A failure
 * while adding entries errors the stream; the stream destroyed (its reader stopped) stops the reading of pages.
 */
export function exportZipStream(storage: FileStorage, data: MemberData, brand: string, at: Date): Archiver {
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('warning', (err) => archive.destroy(err));
  let writing: PassThrough | undefined;
  archive.once('close', () => writing?.destroy());
  archive.append(exportReadme(brand, at), { name: 'README.txt', date: at });
  void (async () => {
    for (const entry of data.entries) {
      if (archive.destroyed) return;
      if (!('pages' in entry)) {
        archive.append(JSON.stringify(entry.json, null, 2), { name: entry.file, date: at });
        continue;
      }
      writing = new PassThrough();
      archive.append(writing, { name: entry.file, date: at });
      await pipeline(Readable.from(jsonArrayPages(entry.pages)), writing);
    }
    for (const f of data.files) {
      const stored = await storage.get(f.key);
      if (!stored) continue;
      if (archive.destroyed) {
        stored.stream.destroy();
        return;
      }
      archive.append(stored.stream as Readable, { name: f.name, date: at });
    }
    await archive.finalize();
  })().catch((err: Error) => archive.destroy(err));
  return archive;
}
