// The benchmark's tables: one per data size, the comparison of the sizes, and the commissions export.
import { sizeLabel, type DataCounts, type Size } from './bench-db.ts';
import type { DeepPage, ExportResult } from './bench-cases.ts';
import { CONNECTIONS, type Result } from './bench-run.ts';

/** Targets: a list at least this share of the list baseline; the larger size at least this share of the smaller's ratio. */
export const LIST_TARGET = 0.7;
export const SCALE_TARGET = 0.9;
/** Every read's 99th percentile at 50 connections, in ms. */
export const P99_TARGET = 100;

export interface Baselines {
  bare: Result;
  db?: Result;
  list?: Result;
}

export interface SizeSection {
  size: Size;
  title: string;
  counts?: DataCounts;
  seedSeconds: number;
  searches?: Array<{ text: string; matches: number; share: number }>;
  baselines: Baselines;
  rows: Result[];
  deep?: DeepPage;
  exported?: ExportResult;
}

const n = (x: number) => Math.round(x).toLocaleString('en-GB');
const x2 = (r: number) => `${r.toFixed(2)}×`;

/** An endpoint's ratio to its own baseline: a list to the list baseline, anything else to the DB baseline. */
export function ownRatio(r: Result, b: Baselines): number | undefined {
  const base = r.list ? b.list : b.db;
  return base ? r.rps / base.rps : undefined;
}

function verdicts(r: Result, b: Baselines) {
  if (r.rps === 0) return '**no request answered within the run**';
  const out: string[] = [];
  const own = ownRatio(r, b);
  if (r.list && own !== undefined) out.push(own >= LIST_TARGET ? `≥ ${LIST_TARGET}× met` : `≥ ${LIST_TARGET}× **missed**`);
  if (!r.write) out.push(r.p99 <= P99_TARGET ? 'p99 met' : 'p99 **missed**');
  if (r.non2xx + r.errors > 0) out.push('**errors**');
  return out.join(', ');
}

export function sizeTable(s: SizeSection): string {
  const { bare, db, list } = s.baselines;
  const ratio = (r: Result, base?: Result) => (base ? x2(r.rps / base.rps) : '–');
  const line = (r: Result, target = true) =>
    `| ${r.name} | ${n(r.rps)} | ${r.list ? ratio(r, list) : '–'} | ${ratio(r, db)} | ${ratio(r, bare)} | ${r.rps ? r.p50 : '–'} | ${r.rps ? r.p99 : '–'} | ${r.non2xx + r.errors} | ${target ? verdicts(r, s.baselines) : ''} |`;
  const c = s.counts;
  const data = c
    ? `Data: ${n(c.members)} users, ${n(c.leads)} leads, ${n(c.posts)} posts, ${n(c.pointTransactions)} point transactions, ` +
      `${n(c.commissions)} commissions, ${n(c.placements)} placements, ${n(c.timesheets)} timesheets` +
      (s.seedSeconds ? `; seeded in ${s.seedSeconds.toFixed(0)} s.` : '; reused from an earlier run.')
    : '';
  const searches = (s.searches ?? []).map((q) => `"${q.text}" matches ${n(q.matches)} leads (${(q.share * 100).toFixed(1)} %)`).join('; ');
  const deep = s.deep
    ? `The deep page is page ${n(s.deep.page)} of 25, ${s.deep.how === 'cursor' ? `reached by walking the cursors from page 1 (${s.deep.walkSeconds.toFixed(1)} s) and measured with its cursor` : 'asked for by its number (this build hands out no cursor)'}.`
    : '';
  return [
    `### ${s.title}`,
    '',
    [data, searches ? `Searches: ${searches}.` : '', deep].filter(Boolean).join(' '),
    '',
    '| endpoint | req/s | × list baseline | × DB baseline | × bare | p50 ms | p99 ms | errors | targets |',
    '|---|---|---|---|---|---|---|---|---|',
    line({ ...bare, name: 'bare Fastify route' }, false),
    ...(db ? [line({ ...db, name: 'DB baseline (one prepared single-row query)' }, false)] : []),
    ...(list ? [line({ ...list, name: 'list baseline (50-row admin lead page, one prepared pg statement)', list: true }, false)] : []),
    ...s.rows.map((r) => line(r)),
    '',
  ].join('\n');
}

/** Each endpoint's own ratio at the larger size against the smaller's (target ≥ 0.9), and its p99 at both. */
export function comparisonTable(small: SizeSection, large: SizeSection): string {
  const lines = small.rows.flatMap((a) => {
    const b = large.rows.find((r) => r.name.replace(/page [\d,]+/, 'page N') === a.name.replace(/page [\d,]+/, 'page N'));
    if (!b) return [];
    const ra = ownRatio(a, small.baselines);
    const rb = ownRatio(b, large.baselines);
    const scale = ra && rb ? rb / ra : undefined;
    const verdict = scale === undefined ? '' : scale >= SCALE_TARGET ? 'met' : '**missed**';
    return [
      `| ${b.name} | ${a.list ? 'list' : 'DB'} | ${ra !== undefined ? x2(ra) : '–'} | ${rb !== undefined ? x2(rb) : '–'} | ${scale !== undefined ? scale.toFixed(2) : '–'} ${verdict} | ${a.rps ? a.p99 : '–'} | ${b.rps ? b.p99 : '–'} |`,
    ];
  });
  return [
    `### ${n(large.size.leads)} against ${n(small.size.leads)} leads`,
    '',
    `Each endpoint's ratio to its own baseline (the list baseline for a list, the DB baseline otherwise), both measured in the same run at each size, and the larger size's ratio as a share of the smaller's (target ≥ ${SCALE_TARGET}).`,
    '',
    `| endpoint | baseline | × at ${n(small.size.leads)} | × at ${n(large.size.leads)} | ${n(large.size.leads)} ÷ ${n(small.size.leads)} | p99 ms at ${n(small.size.leads)} | p99 ms at ${n(large.size.leads)} |`,
    '|---|---|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n');
}

/** The commissions CSV at each size, one request at a time; the last size's rate against the first's. */
export function exportTable(sections: SizeSection[]): string {
  const done = sections.filter((s) => s.exported);
  if (!done.length) return '';
  const first = done[0].exported!;
  return [
    '### Commissions CSV export (GET /api/admin/commissions.csv, one request at a time)',
    '',
    `| data | commissions exported | MB | seconds per export | rows/s | ÷ at ${n(done[0].size.leads)} leads (target ≥ ${SCALE_TARGET}) |`,
    '|---|---|---|---|---|---|',
    ...done.map((s) => {
      const e = s.exported!;
      const ratio = e.rowsPerSecond / first.rowsPerSecond;
      return `| ${sizeLabel(s.size)} | ${n(e.rows)} | ${(e.bytes / 2 ** 20).toFixed(1)} | ${e.seconds.map((t) => t.toFixed(2)).join(' / ')} | ${n(e.rowsPerSecond)} | ${s === done[0] ? '1.00' : `${ratio.toFixed(2)} ${ratio >= SCALE_TARGET ? 'met' : '**missed**'}`} |`;
    }),
    '',
  ].join('\n');
}

export const sectionTitle = (s: Size) => `PostgreSQL, ${sizeLabel(s)}, ${CONNECTIONS} connections`;
