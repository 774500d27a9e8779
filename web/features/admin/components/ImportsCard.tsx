import { CheckCircle2, Download, FileSearch, FileUp, TriangleAlert } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  IMPORT_LIST_SEPARATOR,
  importTemplateCsv,
  type ImportKind,
  type ImportReport,
  type ImportRowError,
} from '../../../../common/schemas/imports.ts';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorDetail } from '../../../lib/api.ts';
import { useImportFile } from '../api/imports.ts';

type MemberStatus = 'approved' | 'pending';

const KINDS: Record<ImportKind, { label: string; what: string; hint: string }> = {
  members: {
    label: 'Members',
    what: 'members',
    hint: `The registration form’s fields, one member a row; list several areas of expertise, industries or interests separated by “${IMPORT_LIST_SEPARATOR}”. Each new member is e-mailed an invitation to choose their password; an e-mail address that already has an account is left as it is.`,
  },
  leads: {
    label: 'Leads',
    what: 'leads',
    hint: 'The lead form’s fields, one referral a row, with partner_email naming the approved member who referred it. A lead already there for the same company, contact and partner is left as it is.',
  },
};

const STATUSES: Record<MemberStatus, string> = { approved: 'Approved members', pending: 'Pending applicants (approved later)' };

/** The most problems listed at once; the count says how many more there are. */
const SHOWN_ERRORS = 200;

/** The template's download link: the header line, built here from the shared column list. */
function templateHref(kind: ImportKind) {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(importTemplateCsv(kind))}`;
}

/** What was checked: the same kind, file and status may be imported. */
type CheckKey = { kind: ImportKind; file: File; status: MemberStatus };
const sameCheck = (a: CheckKey | null, b: CheckKey) => !!a && a.kind === b.kind && a.file === b.file && (b.kind === 'leads' || a.status === b.status);

function plural(n: number, one: string, many = `${one}s`) {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

/** A check's or an import's counts in words. */
function Summary({ report, tone, children }: { report: ImportReport; tone: 'ok' | 'problem'; children?: ReactNode }) {
  const problems = new Set(report.errors.map((e) => e.row)).size;
  const what = KINDS[report.kind].what;
  return (
    <div
      className={tone === 'ok' ? 'rounded-lg border border-success/40 bg-success/5 p-3 text-sm' : 'rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm'}
      role="status"
    >
      <p className="flex items-center gap-2 font-medium">
        {tone === 'ok' ? <CheckCircle2 className="size-4 text-success" aria-hidden /> : <TriangleAlert className="size-4 text-destructive" aria-hidden />}
        {children}
      </p>
      <p className="mt-1 text-muted-foreground">
        {plural(report.rows, 'row')} read ·{' '}
        {report.dryRun ? `${plural(report.created, `new ${what.slice(0, -1)}`, `new ${what}`)} to import` : `${report.created.toLocaleString('en-GB')} created`} ·{' '}
        {plural(report.skipped, 'row')} already there
        {problems > 0 && ` · ${plural(problems, 'row')} with problems`}
      </p>
    </div>
  );
}

/** The problems of a file, row by row as the spreadsheet numbers them. */
function ErrorTable({ errors }: { errors: ImportRowError[] }) {
  const shown = errors.slice(0, SHOWN_ERRORS);
  const rows = shown.map((e, i) => ({ ...e, key: `${e.row}-${e.column}-${i}` }));
  return (
    <div className="grid gap-2">
      <ResponsiveTable
        rows={rows}
        rowKey={(e) => e.key}
        caption="Problems found in the file"
        columns={[
          { key: 'row', header: 'Row', cell: (e) => e.row, className: 'w-16 tabular-nums' },
          { key: 'column', header: 'Column', cell: (e) => <code className="text-xs">{e.column ?? 'header'}</code>, className: 'w-48' },
          { key: 'message', header: 'Problem', cell: (e) => e.message },
        ]}
        card={(e) => (
          <div className="grid gap-1 text-sm">
            <p className="font-medium">
              Row {e.row} · <code className="text-xs">{e.column ?? 'header'}</code>
            </p>
            <p>{e.message}</p>
          </div>
        )}
      />
      {errors.length > shown.length && (
        <p className="text-sm text-muted-foreground">…and {plural(errors.length - shown.length, 'more problem')}. Correct these and check again.</p>
      )}
    </div>
  );
}

/**
 * Admin Panel → Integrations → CSV imports: members or leads brought from a spreadsheet. "Check file" shows every
 * row's problems without importing; "Import" is offered once the same file has checked clean, and imports it whole.
 */
export function ImportsCard() {
  const id = useId();
  const [kind, setKind] = useState<ImportKind>('leads');
  const [status, setStatus] = useState<MemberStatus>('approved');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ key: CheckKey; report: ImportReport } | null>(null);
  const [imported, setImported] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: ImportRowError[] } | null>(null);
  const upload = useImportFile();
  const href = useMemo(() => templateHref(kind), [kind]);
  const current: CheckKey | null = file ? { kind, file, status } : null;
  const check = checked && current && sameCheck(checked.key, current) ? checked.report : null;
  const ready = !!check && check.errors.length === 0 && check.created > 0;
  const busy = upload.isPending;

  const reset = () => {
    setImported(null);
    setFailure(null);
  };
  const run = (dryRun: boolean) => {
    if (!current) return;
    const key = current;
    reset();
    upload.mutate(
      { kind: key.kind, file: key.file, status: key.status, dryRun },
      {
        onSuccess: (report) => {
          if (dryRun) setChecked({ key, report });
          else {
            setImported(report);
            setChecked(null);
          }
        },
        onError: (err) => {
          if (!dryRun) setChecked(null);
          const problems =
            err instanceof ApiError
              ? err.issues.map((i) => ({ row: Number(/\d+/.exec(i.path)?.[0] ?? 0), column: i.path.split(' ')[2] ?? null, message: i.message }))
              : [];
          setFailure({ message: errorDetail(err, 'The file could not be sent. Please try again.'), problems: problems.filter((p) => p.row > 0) });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <FileUp className="size-5" aria-hidden /> CSV imports
        </CardTitle>
        <CardDescription>
          Bring an organisation’s existing members or referrals from a spreadsheet saved as CSV (up to {IMPORT_LIMITS.rows.toLocaleString('en-GB')} rows,{' '}
          {IMPORT_LIMITS.bytes / (1024 * 1024)} MB). Check the file first: nothing is imported until every row is right.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">What to import</legend>
          <div className="flex flex-wrap gap-2">
            {(Object.keys(KINDS) as ImportKind[]).map((k) => (
              <label key={k} className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={k}
                  checked={kind === k}
                  onChange={() => {
                    setKind(k);
                    reset();
                  }}
                  disabled={busy}
                  className="size-4 accent-primary"
                />
                {KINDS[k].label}
              </label>
            ))}
          </div>
          <p className="text-sm text-muted-foreground">{KINDS[kind].hint}</p>
          <p className="text-sm">
            <a
              href={href}
              download={`${kind}-import-template.csv`}
              className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Download className="size-4" aria-hidden /> Download the {KINDS[kind].what} template (CSV)
            </a>
            <span className="sr-only"> with the columns {IMPORT_COLUMNS[kind].map((c) => c.header).join(', ')}</span>
          </p>
        </fieldset>

        {kind === 'members' && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Import members as</legend>
            <div className="flex flex-wrap gap-2">
              {(Object.keys(STATUSES) as MemberStatus[]).map((s) => (
                <label key={s} className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-primary">
                  <input
                    type="radio"
                    name={`${id}-status`}
                    value={s}
                    checked={status === s}
                    onChange={() => {
                      setStatus(s);
                      reset();
                    }}
                    disabled={busy}
                    className="size-4 accent-primary"
                  />
                  {STATUSES[s]}
                </label>
              ))}
            </div>
          </fieldset>
        )}

        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-file`}>CSV file</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              reset();
            }}
            className="block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5 file:text-sm file:font-medium focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>

        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => run(true)} disabled={!file || busy}>
            {busy && upload.variables?.dryRun ? <Spinner className="size-4" label="Checking the file" /> : <FileSearch aria-hidden />}
            Check file
          </Button>
          <Button type="button" onClick={() => run(false)} disabled={!ready || busy}>
            {busy && !upload.variables?.dryRun ? <Spinner className="size-4 text-primary-foreground" label="Importing" /> : <FileUp aria-hidden />}
            {ready ? `Import ${plural(check.created, 'row')}` : 'Import'}
          </Button>
        </div>
        {!ready && file && !check && !imported && !failure && !busy && <p className="text-sm text-muted-foreground">Check the file to see what it would import.</p>}

        {failure && (
          <div className="grid gap-3" role="alert">
            <p className="flex items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
              <TriangleAlert className="size-4" aria-hidden /> {failure.message}
            </p>
            {failure.problems.length > 0 && <ErrorTable errors={failure.problems} />}
          </div>
        )}

        {check && (
          <div className="grid gap-3">
            {check.errors.length === 0 ? (
              <Summary report={check} tone="ok">
                {check.created > 0 ? 'The file is ready to import.' : `Nothing new to import: every row is already there.`}
              </Summary>
            ) : (
              <Summary report={check} tone="problem">
                {plural(check.errors.length, 'problem')} found. Correct the file, choose it again and check it.
              </Summary>
            )}
            {check.errors.length > 0 && <ErrorTable errors={check.errors} />}
          </div>
        )}

        {imported && (
          <Summary report={imported} tone="ok">
            Imported {plural(imported.created, KINDS[imported.kind].what.slice(0, -1), KINDS[imported.kind].what)}.
            {imported.kind === 'members' && imported.created > 0 && ' Each was e-mailed an invitation to choose a password.'}
          </Summary>
        )}
      </CardContent>
    </Card>
  );
}
