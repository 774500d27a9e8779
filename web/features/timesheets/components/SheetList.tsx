import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Timesheet } from '../../../../common/schemas/timesheets.ts';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { unitsText, weekRange } from '../lib/week.ts';
import { TimesheetStatusBadge } from './TimesheetStatusBadge.tsx';

type Who = 'contractor' | 'client' | 'both';

const link = (s: Timesheet) => (
  <Link to={`/timesheets/${s.id}`} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:underline">
    {weekRange(s.weekStarting)}
  </Link>
);

/** Sheets as a table on wide screens and cards on phones; the week opens the sheet. */
export function SheetList({ sheets, caption, who }: { sheets: readonly Timesheet[]; caption: string; who: Who }) {
  const columns: Column<Timesheet>[] = [
    { key: 'week', header: 'Week', cellClassName: 'whitespace-nowrap', cell: link },
    { key: 'project', header: 'Project', cellClassName: 'max-w-56 truncate', cell: (s) => s.projectName },
    ...(who !== 'contractor' ? [{ key: 'contractor', header: 'Contractor', cell: (s: Timesheet) => s.contractorName }] : []),
    ...(who !== 'client' ? [{ key: 'client', header: 'Client', cell: (s: Timesheet) => s.clientName }] : []),
    { key: 'total', header: 'Time', className: 'text-right', cellClassName: 'whitespace-nowrap tabular-nums', cell: (s) => unitsText(s.totalUnits, s.unit) },
    { key: 'status', header: 'Status', cell: (s) => <TimesheetStatusBadge status={s.status} /> },
    { key: 'updated', header: 'Updated', cellClassName: 'whitespace-nowrap tabular-nums text-muted-foreground', cell: (s) => formatDate(s.updatedAt) },
  ];
  return (
    <ResponsiveTable
      rows={sheets}
      rowKey={(s) => s.id}
      caption={caption}
      columns={columns}
      tableClassName="min-w-[680px]"
      card={(s) => (
        <Link to={`/timesheets/${s.id}`} className="-m-4 flex items-center gap-3 rounded-lg p-4 hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{weekRange(s.weekStarting)}</p>
            <p className="truncate text-sm text-muted-foreground">{s.projectName}</p>
            <p className="truncate text-sm text-muted-foreground">
              {who === 'contractor' ? `Client: ${s.clientName}` : who === 'client' ? `Contractor: ${s.contractorName}` : `${s.contractorName} → ${s.clientName}`}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <TimesheetStatusBadge status={s.status} />
              <span className="text-sm tabular-nums">{unitsText(s.totalUnits, s.unit)}</span>
            </div>
          </div>
          <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        </Link>
      )}
    />
  );
}
