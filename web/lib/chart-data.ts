/**
 * The words and files around a chart, kept apart from the drawing so they can be checked without a browser: the
 * table a chart can be shown as (columns and rows), its CSV text and file name, the period in words and the
 * one-sentence summary read to screen readers in place of the figure.
 */

/** One value of a chart's table: a count, a money or date string as it came, or nothing. */
export type ChartValue = string | number | null;
/** One row of a chart's table, by field. */
export type ChartRow = Readonly<Record<string, ChartValue>>;

/** One column of a chart's table: the field it reads, its heading, and how a value reads on screen. */
export interface ChartColumn {
  key: string;
  label: string;
  /** How the value is shown in the table (e.g. "£1,234.50"); the CSV keeps the raw value. */
  format?: (value: ChartValue) => string;
  /** Right-aligned figures. */
  numeric?: boolean;
}

/** The rows a chart shows, and its columns: the table toggle and the CSV read the same data. */
export interface ChartTable {
  columns: readonly ChartColumn[];
  rows: readonly ChartRow[];
}

/** Cells a spreadsheet would run as a formula (=, +, -, @, tab, return at the start) when they are not numbers. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** One CSV field: quoted when it holds a comma, quote or line break (quotes doubled); text read as a formula made inert. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text of a chart's table: a header line of the column labels, then one line per row (CRLF line ends). */
export function csvText(table: ChartTable): string {
  const lines = [table.columns.map((c) => csvField(c.label)).join(',')];
  for (const row of table.rows) lines.push(table.columns.map((c) => csvField(row[c.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** "referrals-per-week_2026-01-01_to_2026-03-31.csv": the chart's title in lower-case words and the period. */
export function csvFileName(title: string, from?: string, to?: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'chart'}${from && to ? `_${from}_to_${to}` : ''}.csv`;
}

/** Saves the CSV in the browser (a byte order mark first, so spreadsheets read £ and accents as UTF-8). */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = MONTHS.map((m) => m.slice(0, 3));
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** "1 Jan to 31 Dec 2026", "1 Dec 2025 to 28 Feb 2026", "5 Mar 2026" for a single day (calendar days, no zone). */
export function periodText(from: string, to: string): string {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  if (from === to) return `${fd} ${SHORT[fm - 1]} ${fy}`;
  return `${fd} ${SHORT[fm - 1]}${fy === ty ? '' : ` ${fy}`} to ${td} ${SHORT[tm - 1]} ${ty}`;
}

/** A bucket's name: "March 2026" for a month, "week of 5 Jan 2026" for a week (its first day). */
export function bucketName(day: string, bucket: 'week' | 'month'): string {
  const [y, m, d] = parts(day);
  return bucket === 'month' ? `${MONTHS[m - 1]} ${y}` : `week of ${d} ${SHORT[m - 1]} ${y}`;
}

/** A bucket on an axis: "Mar" (with the year in January or when asked: "Jan 26") or "5 Jan" for a week. */
export function bucketTick(day: string, bucket: 'week' | 'month'): string {
  const [y, m, d] = parts(day);
  return bucket === 'month' ? `${SHORT[m - 1]}${m === 1 ? ` ${String(y).slice(2)}` : ''}` : `${d} ${SHORT[m - 1]}`;
}

/**
 * The figure in one sentence, for screen readers and as the chart's description: "Referrals per month, 1 Jan to
 * 31 Dec 2026: 120 in total, highest in March 2026 with 42." Nothing in the period reads "none in this period".
 */
export function seriesSummary(input: {
  title: string;
  period?: string;
  points: readonly { name: string; value: number }[];
  format?: (n: number) => string;
  total?: boolean;
}): string {
  const { title, period, points, format = (n) => n.toLocaleString('en-GB'), total = true } = input;
  const head = period ? `${title}, ${period}` : title;
  const top = points.reduce<{ name: string; value: number } | null>((best, p) => (p.value > (best?.value ?? 0) ? p : best), null);
  if (!top) return `${head}: none in this period.`;
  const sum = points.reduce((s, p) => s + p.value, 0);
  return `${head}: ${total ? `${format(sum)} in total, ` : ''}highest in ${top.name} with ${format(top.value)}.`;
}
