import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase, pgliteExtensions } from '../../server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

/**
 * Migrates one database once for the whole run: a PGlite data directory dumped to a file (each test file
 * loads a copy), and, when TEST_DATABASE_URL is set, a PostgreSQL template database to copy per file.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cp-test-'));
  const pgliteFile = join(dir, 'template.tar.gz');
  const client = new PGlite({ extensions: pgliteExtensions });
  const database = await openDatabase({ dataDir: dir, pglite: client });
  await migrateDatabase(database);
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(pgliteFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', pgliteFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateDb = '';
  if (url) {
    templateDb = `cp_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateDb}`);
    await admin.query(`create database ${templateDb}`);
    await admin.end();
    const templ = await openDatabase({ dataDir: dir, databaseUrl: withDatabase(url, templateDb), poolSize: 1 });
    await migrateDatabase(templ);
    await templ.close();
  }
  project.provide('pgTemplateDb', templateDb);

  return async () => {
    if (url && templateDb) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1 or datname = $2`, [`${templateDb}_%`, templateDb]);
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
