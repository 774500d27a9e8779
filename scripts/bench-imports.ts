// The CSV imports at 10,000 rows, through the real route (multipart upload, parsing, the shared row schemas, the
// bulk writes in one transaction), on a fresh database of each kind: the embedded PGlite and, when DATABASE_URL is
// set, PostgreSQL. Beside each figure, a baseline measured in the same run on the same database: the same number of
// rows of the same columns inserted into a scratch table by parameterised multi-row INSERTs of 500 rows, which is
// the least any import must do. Used by `npm run bench -- --imports`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { importTemplateCsv, LEAD_IMPORT_COLUMNS, MEMBER_IMPORT_COLUMNS } from '../common/schemas/imports.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client.ts';
import { DEFAULT_PASSWORD, makeUser } from '../server/db/factories/members.ts';
import { csvLine } from '../server/lib/csv.ts';

const ROWS = 10_000;

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const PARTNERS = 50;

export interface ImportFigures {
  label: string;
  baselineMs: number;
  steps: { name: string; ms: number; rows: number; created: number }[];
}

function multipart(csv: string, fields: Record<string, string> = {}) {
  const boundary = `----cpbench${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="import.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function leadsCsv(partnerEmails: string[]): string {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const r: Record<string, string> = {
      partner_email: partnerEmails[i % partnerEmails.length]!,
      company_name: `Imported Company ${i}`,
      industry: 'Technology',
      contact_name: `Contact ${i}`,
      contact_email: `contact${i}@imported${i}.example`,
      project_description: 'Interim finance director for a funding round',
      estimated_value: String(10_000 + (i % 90) * 1_000),
      lead_type: 'interim',
      urgency: 'high',
      relationship_strength: 'strong',
    };
    return csvLine(LEAD_IMPORT_COLUMNS.map((c) => r[c.header] ?? ''));
  });
  return importTemplateCsv('leads') + rows.join('');
}

function membersCsv(): string {
  const person = (i: number): Record<string, string> => ({
    firstName: 'Imported',
    lastName: `Member${i}`,
    email: `imported${i}@members.example`,
    username: `imported${i}`,
    company: 'Northwind Advisory',
    jobTitle: 'Chief Operating Officer',
    location: 'London, UK',
    phoneNumber: '+44 20 7946 0000',
    dateOfBirth: '1975-04-12',
    fullAddress: '1 King Street, London, EC2V 8AU, United Kingdom',
    yearsExperience: '22',
    bio: 'Operations leader with two decades in financial services and consulting.',
    expertise: 'Operations Management; Strategic Planning',
    industries: 'Banking & Finance',
    businessInterests: 'Advisory Roles; Board Positions',
    networkingGoals: 'Meet fellow COOs and find board roles.',
    linkedinUrl: 'https://www.linkedin.com/in/imported',
    website: '',
  });
  const rows = Array.from({ length: ROWS }, (_, i) => csvLine(MEMBER_IMPORT_COLUMNS.map((c) => person(i)[c.field] ?? '')));
  return importTemplateCsv('members') + rows.join('');
}

/** The baseline: ROWS rows of ten text columns into a scratch table, 500 rows a statement, in one transaction. */
async function baseline(database: Database): Promise<number> {
  const db = database.db;
  await db.execute(sql.raw('create table if not exists bench_import_baseline (a text, b text, c text, d text, e text, f text, g text, h text, i text, j text)'));
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (let i = 0; i < ROWS; i += 500) {
      const values = Array.from({ length: Math.min(500, ROWS - i) }, (_, k) => {
        const n = String(i + k);
        return sql`(${n}, ${'Imported Company ' + n}, ${'Technology'}, ${'Contact ' + n}, ${`c${n}@x.example`}, ${'Interim finance director'}, ${'25000'}, ${'interim'}, ${'high'}, ${'strong'})`;
      });
      await tx.execute(sql`insert into bench_import_baseline values ${sql.join(values, sql`, `)}`);
    }
  });
  const ms = performance.now() - started;
  await db.execute(sql.raw('drop table bench_import_baseline'));
  return ms;
}

async function measureOn(label: string, database: Database, env: NodeJS.ProcessEnv): Promise<ImportFigures> {
  await migrateDatabase(database);
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://members.example', ...env } as NodeJS.ProcessEnv),
    jobs: { workers: false, pollingSeconds: 2 },
  };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const admin = await makeUser(database.db, { role: 'admin' });
    const partners = [];
    for (let i = 0; i < PARTNERS; i++) partners.push(await makeUser(database.db));
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: admin.username, password: DEFAULT_PASSWORD } });
    const cookie = `cp_session=${signIn.cookies.find((c) => c.name === 'cp_session')!.value}`;
    const upload = async (name: string, kind: 'leads' | 'members', csv: string, dryRun: boolean, fields: Record<string, string> = {}) => {
      const { body, contentType } = multipart(csv, fields);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/imports/${kind}${dryRun ? '?dryRun=true' : ''}`,
        headers: { cookie, 'content-type': contentType },
        payload: body,
      });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const report = res.json() as { rows: number; created: number; errors: unknown[] };
      if (report.errors.length) throw new Error(`${name}: ${JSON.stringify(report.errors.slice(0, 3))}`);
      return { name, ms, rows: report.rows, created: report.created };
    };
    const baselineMs = await baseline(database);
    const leads = leadsCsv(partners.map((p) => p.email));
    const members = membersCsv();
    const steps = [
      await upload('leads, dry run', 'leads', leads, true),
      await upload('leads, import', 'leads', leads, false),
      await upload('leads, the same file again (all skipped)', 'leads', leads, false),
      await upload('members, dry run', 'members', members, true, { status: 'approved' }),
      await upload('members, import (approved, invitations queued)', 'members', members, false, { status: 'approved' }),
    ];
    return { label, baselineMs, steps };
  } finally {
    await app.close();
  }
}

/** Both databases, each fresh: the embedded one in a new directory, PostgreSQL in a database of its own, dropped after. */
export async function measureImports(baseUrl: string | undefined): Promise<ImportFigures[]> {
  const out: ImportFigures[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-imports-'));
  const embedded = await openDatabase({ dataDir });
  try {
    out.push(await measureOn('embedded PGlite', embedded, { DATA_DIR: dataDir }));
  } finally {
    await embedded.close();
  }
  if (baseUrl) {
    const name = `cp_bench_imports_${process.pid}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = withDatabase(baseUrl, name);
    const database = await openDatabase({ dataDir, databaseUrl: url, poolSize: 4 });
    try {
      out.push(await measureOn('PostgreSQL', database, { DATA_DIR: dataDir, DATABASE_URL: url }));
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  }
  return out;
}

/** The figures as a Markdown table: seconds, rows a second, and the ratio to the same run's baseline. */
export function importsTable(figures: ImportFigures[]): string {
  const lines = [
    `## CSV imports, ${ROWS.toLocaleString('en-GB')} rows`,
    '',
    'Through the route (multipart upload, parsing, the shared row schemas, bulk writes in one transaction). Baseline: the same number of rows of ten text columns inserted into a scratch table, 500 rows a statement, in the same run on the same database.',
    '',
    '| database | step | rows | created | seconds | rows/s | × baseline |',
    '|---|---|--:|--:|--:|--:|--:|',
  ];
  for (const f of figures) {
    lines.push(`| ${f.label} | baseline insert | ${ROWS} | ${ROWS} | ${(f.baselineMs / 1000).toFixed(2)} | ${Math.round(ROWS / (f.baselineMs / 1000))} | 1.0 |`);
    for (const s of f.steps)
      lines.push(
        `| ${f.label} | ${s.name} | ${s.rows} | ${s.created} | ${(s.ms / 1000).toFixed(2)} | ${Math.round(s.rows / (s.ms / 1000))} | ${(s.ms / f.baselineMs).toFixed(1)} |`,
      );
  }
  return lines.join('\n') + '\n';
}
