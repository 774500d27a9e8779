import { Briefcase, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { LEAD_TYPE_LABELS, type LeadType } from '../../../../common/constants/leads.ts';
import type { Placement } from '../../../../common/schemas/timesheets.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { ResponsiveTable, type Column } from '../../../components/responsive-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { positionFor, type PagePosition } from '../../../lib/paging.ts';
import { cn } from '../../../lib/utils.ts';
import { usePlacements } from '../api/timesheets.ts';
import { PlacementDialog } from './PlacementDialog.tsx';

const PAGE_SIZE = 20;
const per = (p: Placement) => (p.unit === 'hour' ? '/hour' : '/day');
const typeLabel = (t: string) => LEAD_TYPE_LABELS[t as LeadType] ?? t;
const rates = (p: Placement) => (
  <>
    <span className="block whitespace-nowrap tabular-nums">
      {formatGBP(p.chargeRate, 2)}
      <span className="text-muted-foreground">{per(p)} charged</span>
    </span>
    <span className="block whitespace-nowrap tabular-nums">
      {formatGBP(p.payRate, 2)}
      <span className="text-muted-foreground">{per(p)} paid</span>
    </span>
  </>
);

/** "Placements", for administrators: every placement with its parties, rates and dates; create and edit them. */
export function PlacementsTab() {
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const { page } = position;
  const list = usePlacements('all', position, PAGE_SIZE);
  /** Next and Previous go by the cursor of the page on screen. */
  const setPage = (target: number) => setPosition(positionFor(target, list.isPlaceholderData ? undefined : list.data));
  const [editing, setEditing] = useState<Placement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogKey, setDialogKey] = useState(0);
  const open = (p: Placement | null) => {
    setEditing(p);
    setDialogKey((k) => k + 1);
    setDialogOpen(true);
  };
  const edit = (p: Placement) =>
    p.can.edit && (
      <Button variant="outline" size="sm" onClick={() => open(p)} aria-label={`Edit the placement of ${p.contractorName} at ${p.companyName}`}>
        <Pencil aria-hidden /> Edit
      </Button>
    );
  const columns: Column<Placement>[] = [
    {
      key: 'company',
      header: 'Lead',
      cellClassName: 'max-w-56',
      cell: (p) => (
        <>
          <span className="block truncate font-medium">{p.companyName}</span>
          <span className="block text-xs text-muted-foreground">{typeLabel(p.leadType)}</span>
        </>
      ),
    },
    { key: 'contractor', header: 'Contractor', cell: (p) => p.contractorName },
    { key: 'client', header: 'Client', cell: (p) => p.clientName },
    { key: 'rates', header: 'Rates', cellClassName: 'text-sm', cell: rates },
    {
      key: 'dates',
      header: 'Dates',
      cellClassName: 'whitespace-nowrap tabular-nums text-muted-foreground',
      cell: (p) => `${formatDate(p.startDate)} – ${formatDate(p.endDate)}`,
    },
    { key: 'actions', header: <span className="sr-only">Actions</span>, className: 'text-right', cell: edit },
  ];

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Briefcase className="size-5 text-muted-foreground" aria-hidden /> Placements
          </CardTitle>
          <CardDescription>Contractors placed with clients on won leads, at the rates agreed.</CardDescription>
        </div>
        <Button onClick={() => open(null)}>
          <Plus aria-hidden /> New placement
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={list}
          what="placements"
          framed
          loading={<SkeletonRows count={3} rowClassName="h-14 w-full" label="Loading placements" />}
          isEmpty={(d) => !d.items.length && page === 1}
          empty={
            <EmptyState
              framed
              icon={Briefcase}
              title="No placements yet"
              text="Create one when a won interim or recruitment lead starts: the contractor can then record their time."
            />
          }
        >
          {(d) => (
            <>
              <div className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
                <ResponsiveTable
                  rows={d.items}
                  rowKey={(p) => p.id}
                  caption="Placements"
                  columns={columns}
                  tableClassName="min-w-[860px]"
                  card={(p) => (
                    <>
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <p className="truncate font-medium">{p.companyName}</p>
                          <p className="text-sm text-muted-foreground">
                            {p.contractorName} → {p.clientName}
                          </p>
                        </div>
                        {edit(p)}
                      </div>
                      <div className="mt-3 grid grid-cols-2 gap-3 text-sm">
                        <div>{rates(p)}</div>
                        <p className="tabular-nums text-muted-foreground">
                          {formatDate(p.startDate)} – {formatDate(p.endDate)}
                        </p>
                      </div>
                    </>
                  )}
                />
              </div>
              <Pager
                label="Placement pages"
                page={page}
                hasNext={d.page * d.pageSize < d.total}
                onPage={setPage}
                busy={list.isPlaceholderData}
                position
                className="justify-end"
              />
            </>
          )}
        </QueryState>
      </CardContent>
      {dialogOpen && <PlacementDialog key={dialogKey} placement={editing} open={dialogOpen} onOpenChange={setDialogOpen} />}
    </Card>
  );
}
