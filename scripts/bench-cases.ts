// What the benchmark measures on the production server at one data size: every endpoint under load, and the
// commissions CSV export one request at a time.
import type autocannon from 'autocannon';
import { LEADERBOARD_PERIODS } from '../common/constants/community.ts';
import { SCALE_PASSWORD } from '../server/db/seed/scale.ts';
import { freePort } from '../e2e/helpers/server.ts';
import { ANALYTICS_ENDPOINTS, measureAnalyticsPage, measureSearchTyping, type Latencies, type PageLoads } from './bench-analytics.ts';
import { login, measure, startProcess, toResult, type Result, type RunOptions } from './bench-run.ts';

/** The deep page of the administrators' lead list: page 2,000 of 25, or the last page of a smaller set. */
const DEEP_PAGE = 2_000;
const ADMIN_PAGE_SIZE = 25;
/** Searches of the administrators' lead list: a text a few per cent of the seeded leads match, and one nearly all match. */
export const SEARCH_FEW = 'Prospect 12';
export const SEARCH_MANY = 'prospect';
/** A directory search matching about one company in twenty of the seeded members. */
export const DIRECTORY_SEARCH = 'Company 12';
const EXPORT_REPETITIONS = 3;

export interface ServerOptions extends RunOptions {
  only?: string;
  profileDir?: string;
}

export interface DeepPage {
  page: number;
  /** How it was reached: by walking the cursors from page 1, or by its number where the list hands out no cursor. */
  how: 'cursor' | 'page number';
  walkSeconds: number;
}

export interface ExportResult {
  rows: number;
  seconds: number[];
  rowsPerSecond: number;
  bytes: number;
}

export interface ServerMeasurement {
  rows: Result[];
  deep?: DeepPage;
  exported?: ExportResult;
  analyticsPage?: PageLoads;
  searchTyping?: Record<'partner' | 'admin', Latencies>;
}

async function getJson(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ items: Array<Record<string, unknown>>; total: number; nextCursor?: string | null }>;
}

/**
 * The path of the deep page as the screen reaches it: page 1, then "Next" with each page's `nextCursor` until the
 * page wanted (the last request's path is the one measured). A build whose list hands out no cursor is asked
 * for the page by its number.
 */
async function deepPagePath(base: string, cookie: string): Promise<{ path: string; deep: DeepPage }> {
  const t = performance.now();
  let res = await getJson(`${base}/api/leads?pageSize=${ADMIN_PAGE_SIZE}`, cookie);
  const page = Math.min(DEEP_PAGE, Math.max(1, Math.ceil(res.total / ADMIN_PAGE_SIZE)));
  if (!('nextCursor' in res)) return { path: `/api/leads?page=${page}`, deep: { page, how: 'page number', walkSeconds: 0 } };
  let path = `/api/leads?pageSize=${ADMIN_PAGE_SIZE}`;
  for (let n = 2; n <= page; n++) {
    if (!res.nextCursor) throw new Error(`the admin lead list has no next cursor on page ${n - 1}`);
    path = `/api/leads?page=${n}&after=${encodeURIComponent(res.nextCursor)}`;
    res = await getJson(`${base}${path}`, cookie);
  }
  if (res.items.length === 0) throw new Error(`the deep page ${page} is empty`);
  const walkSeconds = (performance.now() - t) / 1000;
  console.log(`deep page ${page} reached by cursor in ${walkSeconds.toFixed(1)} s`);
  return { path, deep: { page, how: 'cursor', walkSeconds } };
}

/** The commissions CSV, one request at a time: a warm-up, then a few timed repetitions; rows are the lines after the header. */
async function measureExport(base: string, cookie: string): Promise<ExportResult | undefined> {
  const url = `${base}/api/admin/commissions.csv`;
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const body = await res.text();
    const seconds = (performance.now() - t) / 1000;
    let lines = 0;
    for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) lines++;
    if (!body.endsWith('\n')) lines++;
    return { rows: Math.max(0, lines - 1), seconds, bytes: Buffer.byteLength(body) };
  };
  if (!(await once())) return undefined;
  const runs = [];
  for (let i = 0; i < EXPORT_REPETITIONS; i++) runs.push((await once())!);
  const rows = runs[0].rows;
  const total = runs.reduce((s, r) => s + r.seconds, 0);
  const result = { rows, seconds: runs.map((r) => r.seconds), rowsPerSecond: (rows * runs.length) / total, bytes: runs[0].bytes };
  console.log(`commissions CSV: ${rows} rows, ${result.seconds.map((s) => s.toFixed(2)).join(' / ')} s, ${result.rowsPerSecond.toFixed(0)} rows/s`);
  return result;
}

type Case = [name: string, opts: Partial<autocannon.Options>, kind?: 'list' | 'write'];

export async function measureServer(label: string, env: NodeJS.ProcessEnv, o: ServerOptions): Promise<ServerMeasurement> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const flags = o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [];
  const server = await startProcess(
    ['server/main.ts'],
    {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    },
    `${base}/api/health`,
    flags,
  );
  try {
    const partner = await login(base, 'bench.partner');
    const admin = await login(base, 'bench.admin');
    const leadId = (await getJson(`${base}/api/leads?pageSize=50`, partner)).items[0].id as string;
    // the newest post with a conversation: its comments are what a member opens from the feed
    const feed = await getJson(`${base}/api/community-posts?pageSize=50`, partner);
    const talkedAbout = feed.items.find((p) => Number(p.commentCount) > 0)?.id as string | undefined;
    // admins work many partners' leads at once: a PATCH case walks 500 leads of different submitters
    const spread: string[] = [];
    const seen = new Set<string>();
    for (let page = 1; spread.length < 500 && page <= 40; page++) {
      const res = await getJson(`${base}/api/leads?pageSize=100&page=${page}`, admin);
      for (const l of res.items as Array<{ id: string; submitterId: string }>) {
        if (!seen.has(l.submitterId) && spread.length < 500) {
          seen.add(l.submitterId);
          spread.push(l.id);
        }
      }
    }
    const wanted = (name: string) => !o.only || o.only.split('|').some((text) => name.includes(text));
    const deepName = 'GET /api/leads (admin, deep page of 25)';
    const { path: deepPath, deep } = wanted(deepName) ? await deepPagePath(base, admin) : { path: '', deep: undefined };
    let turn = 0;
    const patchBody = (n: number) => JSON.stringify({ status: n % 2 ? 'qualified' : 'in-progress', notes: `bench ${n % 7}` });
    const get = (path: string, cookie: string): Partial<autocannon.Options> => ({ url: `${base}${path}`, headers: { cookie } });
    const q = encodeURIComponent;
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const lastYear = `from=${yearAgo}&to=${today}`;
    const cases: Case[] = [
      ['GET /api/auth/me', get('/api/auth/me', partner)],
      ['GET /api/leads (partner, 50 leads)', get('/api/leads?pageSize=50', partner), 'list'],
      ['GET /api/leads (admin, page of 25)', get('/api/leads', admin), 'list'],
      ['GET /api/leads (admin, page of 50)', get('/api/leads?pageSize=50', admin), 'list'],
      [`${deepName.replace('deep page', `page ${deep?.page ?? DEEP_PAGE}`)}${deep ? `, by ${deep.how}` : ''}`, get(deepPath, admin), 'list'],
      [`GET /api/leads?search=${SEARCH_FEW} (admin, few match)`, get(`/api/leads?search=${q(SEARCH_FEW)}`, admin), 'list'],
      [`GET /api/leads?search=${SEARCH_MANY} (admin, nearly all match)`, get(`/api/leads?search=${q(SEARCH_MANY)}`, admin), 'list'],
      ['GET /api/dashboard-stats', get('/api/dashboard-stats', partner)],
      ['GET /api/members/recommendations', get('/api/members/recommendations', partner)],
      ['GET /api/community-posts (feed, first page)', get('/api/community-posts', partner), 'list'],
      ['GET /api/community-posts?order=activity (feed, latest activity)', get('/api/community-posts?order=activity', partner), 'list'],
      ...(talkedAbout
        ? [["GET /api/community-posts/{id}/comments (a post's conversation)", get(`/api/community-posts/${talkedAbout}/comments`, partner), 'list'] as Case]
        : []),
      ['GET /api/members (directory, first page)', get('/api/members', partner), 'list'],
      [`GET /api/members?search=${DIRECTORY_SEARCH} (directory search)`, get(`/api/members?search=${q(DIRECTORY_SEARCH)}`, partner), 'list'],
      // the command palette's search: every group at once, a few matches and nearly all
      ...[SEARCH_FEW, SEARCH_MANY].flatMap((text): Case[] =>
        (['partner', 'admin'] as const).map((who): Case => [
          `GET /api/search?q=${text} (${who}, command palette)`,
          get(`/api/search?q=${q(text)}`, who === 'admin' ? admin : partner),
        ]),
      ),
      ...LEADERBOARD_PERIODS.map((period): Case => [`GET /api/leaderboard?period=${period}`, get(`/api/leaderboard?period=${period}`, partner), 'list']),
      ['GET /api/points (bench.partner, first page of 10)', get('/api/points', partner), 'list'],
      ['GET /api/notifications (bench.partner)', get('/api/notifications', partner), 'list'],
      ['GET /api/achievements/user', get('/api/achievements/user', partner)],
      ['GET /api/commissions/summary (Commission Tracker figures)', get('/api/commissions/summary', partner)],
      ['GET /api/timesheets?role=contractor (bench.partner, 3 placements)', get('/api/timesheets?role=contractor', partner), 'list'],
      ['GET /api/timesheets?status=pending (admin, page of 25)', get('/api/timesheets?status=pending', admin), 'list'],
      ['GET /api/timesheets (admin, all, page 40 of 25)', get('/api/timesheets?page=40', admin), 'list'],
      ['GET /api/placements (admin, page of 25)', get('/api/placements', admin), 'list'],
      // programme analytics over the last twelve months (Admin Panel → Analytics), and a partner's own earnings
      ...ANALYTICS_ENDPOINTS.map((name): Case => [`GET /api/analytics/${name} (admin, last 12 months)`, get(`/api/analytics/${name}?${lastYear}`, admin)]),
      ['GET /api/commissions/earnings (bench.partner, 12 months)', get('/api/commissions/earnings', partner)],
      [
        'PATCH /api/leads/{id} (500 leads of different partners in turn)',
        {
          url: `${base}/api/leads/${spread[0]}`,
          method: 'PATCH',
          headers: { cookie: admin, 'content-type': 'application/json' },
          requests: [{ setupRequest: (req) => ({ ...req, path: `/api/leads/${spread[turn++ % spread.length]}`, body: patchBody(turn) }) }],
        },
        'write',
      ],
      [
        'PATCH /api/leads/{id} (one lead, every request contending for its lock)',
        {
          url: `${base}/api/leads/${leadId}`,
          method: 'PATCH',
          headers: { cookie: admin, 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'qualified', notes: 'bench' }),
        },
        'write',
      ],
      [
        'sign-in (POST /api/auth/login)',
        {
          url: `${base}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'bench.partner', password: SCALE_PASSWORD }),
        },
        'write',
      ],
    ];
    const rows: Result[] = [];
    let exported: ExportResult | undefined;
    for (const [name, opts, kind] of cases) {
      // the export is measured before the writes change the data
      if (name.startsWith('PATCH') && !exported && wanted('commissions.csv')) exported = await measureExport(base, admin);
      if (!wanted(name) || !opts.url?.startsWith('http') || opts.url === base) continue;
      if (!opts.method) {
        // an endpoint not built in this checkout (a route of another branch) is reported as absent, not measured
        const probe = await fetch(opts.url, { headers: opts.headers as Record<string, string> });
        await probe.arrayBuffer();
        if (probe.status === 404) {
          console.log(`${label}: ${name}: not in this build (404), skipped`);
          continue;
        }
      }
      rows.push(toResult(label, name, await measure(opts.url, o, opts), { list: kind === 'list', write: kind === 'write' }));
    }
    // the Analytics screen as the browser loads it: its six requests at once
    let analyticsPage: PageLoads | undefined;
    if (wanted('analytics page')) {
      analyticsPage = await measureAnalyticsPage(base, admin, lastYear);
      console.log(
        `${label}: analytics page (6 requests at once, last 12 months): p50 ${analyticsPage.p50.toFixed(1)} ms, p95 ${analyticsPage.p95.toFixed(1)} ms, max ${analyticsPage.max.toFixed(1)} ms over ${analyticsPage.loads} loads`,
      );
    }
    // the command palette as one member types, one request at a time
    let searchTyping: ServerMeasurement['searchTyping'];
    if (wanted('search typing')) {
      searchTyping = { partner: await measureSearchTyping(base, partner), admin: await measureSearchTyping(base, admin) };
      for (const [who, l] of Object.entries(searchTyping))
        console.log(
          `${label}: search as ${who} types (one request at a time): p50 ${l.p50.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms over ${l.requests} requests`,
        );
    }
    return { rows, deep, exported, analyticsPage, searchTyping };
  } finally {
    await server.stop();
  }
}
