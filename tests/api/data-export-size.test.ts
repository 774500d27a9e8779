import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../server/db/schema/index.ts';
import { createLocalStorage, type FileStorage } from '../../server/plugins/storage.ts';
import { EXPORT_TOO_LARGE, requestExport, runExport, type DataExportDeps } from '../../server/services/data-exports.ts';
import { createTestApp, makeUser, type TestContext } from '../helpers/app.ts';

/** A member's export is streamed to storage as it is made, never built in one buffer, and has a size bound. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/** Local storage whose whole-buffer `put` is refused, so an export that buffered itself would fail. */
function streamingOnly(dir: string): FileStorage {
  const local = createLocalStorage(dir);
  return { ...local, put: () => Promise.reject(new Error('an export must be streamed, not stored as one buffer')) };
}
const deps = (storage: FileStorage, maxExportBytes?: number): DataExportDeps => ({
  db: ctx.db,
  storage,
  now: () => new Date(),
  brandName: 'Chief Partners',
  log: ctx.app.log,
  maxExportBytes,
});

describe('data export size', () => {
  it('streams the ZIP to storage and records its real size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-export-'));
    const member = await makeUser(ctx.db, { firstName: 'Stream', lastName: 'Member' });
    const { row } = await requestExport(ctx.db, member.id, new Date());
    await runExport(deps(streamingOnly(dir)), row.id);
    const [done] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, row.id));
    expect(done).toMatchObject({ status: 'ready', error: null });
    expect(readdirSync(dir)).toEqual([done.storageKey]);
    const stored = await createLocalStorage(dir).get(done.storageKey!);
    expect(done.sizeBytes).toBe(stored!.size);
    const chunks: Buffer[] = [];
    for await (const c of stored!.stream) chunks.push(c as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(JSON.parse(strFromU8(files['profile.json']))).toBeTruthy();
  });

  it('over the bound, the export fails cleanly: the member reads why, and no partial file is left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cp-export-'));
    const member = await makeUser(ctx.db, { firstName: 'Big', lastName: 'Member' });
    const { row } = await requestExport(ctx.db, member.id, new Date());
    await runExport(deps(streamingOnly(dir), 200), row.id);
    const [failed] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, row.id));
    expect(failed).toMatchObject({ status: 'failed', error: EXPORT_TOO_LARGE, storageKey: null });
    expect(EXPORT_TOO_LARGE).toContain('500 MB');
    expect(readdirSync(dir)).toEqual([]);
    // a failed export does not count against the daily limit: the member may ask again
    expect((await requestExport(ctx.db, member.id, new Date())).created).toBe(true);
  });
});
