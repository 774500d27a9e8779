import type { z } from 'zod';
import { AppError } from '../../common/errors.ts';
import { IMPORT_LIMITS, IMPORT_LIST_SEPARATOR, IMPORT_MESSAGES, type ImportColumn, type ImportRowError } from '../../common/schemas/imports.ts';

/** One data record of an import file: its row number as a spreadsheet counts it (the header is row 1) and its cells. */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/**
 * The file's text, refused unless it is text: UTF-8 without NUL bytes (a spreadsheet saved as .xlsx, a PDF or an
 * image fails here). A leading byte-order mark is dropped.
 */
export function csvText(bytes: Buffer): string {
  if (bytes.includes(0)) throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notCsv);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notCsv);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * Reads CSV text (commas, double quotes around a cell holding commas, quotes or line breaks, "" for a quote, CRLF or
 * LF lines) into its header and records. A record spanning several lines inside quotes is one spreadsheet row.
 * Blank lines keep their row number but are not records. More than the row limit is refused.
 */
export function parseCsv(text: string): { header: string[]; records: CsvRecord[] } {
  const all: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    all.push(row);
    row = [];
    cell = '';
    if (all.length > IMPORT_LIMITS.rows + 1) throw new AppError('payload_too_large', IMPORT_MESSAGES.tooManyRows);
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += c;
      i++;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      endRow();
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else cell += c;
    i++;
  }
  if (cell !== '' || row.length > 0) endRow();
  const [header = [], ...rest] = all;
  const records = rest.map((cells, index) => ({ row: index + 2, cells })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  return { header: header.map((h) => h.trim().toLowerCase()), records };
}

/** Unknown and missing header columns as one problem naming them, or null when the header is right. */
export function headerError(columns: readonly ImportColumn[], header: string[]): ImportRowError | null {
  const known = new Set(columns.map((c) => c.header));
  const unknown = header.filter((h) => !known.has(h));
  const missing = columns.filter((c) => c.required && !header.includes(c.header)).map((c) => c.header);
  const repeated = header.filter((h, i) => header.indexOf(h) !== i);
  const parts = [
    unknown.length ? `Unknown columns: ${unknown.map((h) => h || '(blank)').join(', ')}.` : '',
    missing.length ? `Missing columns: ${missing.join(', ')}.` : '',
    repeated.length ? `Repeated columns: ${[...new Set(repeated)].join(', ')}.` : '',
  ].filter(Boolean);
  if (!parts.length) return null;
  return { row: 1, column: null, message: `${parts.join(' ')} The header must name these columns: ${columns.map((c) => c.header).join(', ')}.` };
}

/** A record as the form's fields: blank cells left out (as an empty form field is), list cells split. */
export function recordInput(columns: readonly ImportColumn[], header: string[], cells: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const column of columns) {
    const at = header.indexOf(column.header);
    const value = at < 0 ? '' : (cells[at] ?? '').trim();
    if (value === '') continue;
    input[column.field] = column.list
      ? value
          .split(IMPORT_LIST_SEPARATOR)
          .map((v) => v.trim())
          .filter(Boolean)
      : value;
  }
  return input;
}

/** A row's zod problems, each under the column of its field. */
export function rowErrors(columns: readonly ImportColumn[], row: number, error: z.ZodError): ImportRowError[] {
  const seen = new Set<string>();
  const errors: ImportRowError[] = [];
  for (const problem of error.issues) {
    const field = String(problem.path[0] ?? '');
    const column = columns.find((c) => c.field === field)?.header ?? null;
    const key = `${column}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ row, column, message: problem.message });
  }
  return errors;
}

/** The file's records checked against its header: the header's problem alone, or the records to validate. */
export function readImportFile(bytes: Buffer, columns: readonly ImportColumn[]): { header: string[]; records: CsvRecord[]; headerProblem: ImportRowError | null } {
  const { header, records } = parseCsv(csvText(bytes));
  if (header.length === 0 || header.every((h) => h === ''))
    throw new AppError('validation_failed', IMPORT_MESSAGES.noRows, { issues: [{ path: 'file', message: IMPORT_MESSAGES.noRows }] });
  const headerProblem = headerError(columns, header);
  if (!headerProblem && records.length === 0)
    throw new AppError('validation_failed', IMPORT_MESSAGES.noRows, { issues: [{ path: 'file', message: IMPORT_MESSAGES.noRows }] });
  return { header, records, headerProblem };
}

/** Splits a list into chunks of at most `size` (multi-row inserts stay under the parameter limit). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
