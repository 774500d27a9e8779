import { Briefcase, History } from 'lucide-react';
import { useState } from 'react';
import { LEAD_TYPE_LABELS, type LeadType } from '../../../../common/constants/leads.ts';
import type { Placement } from '../../../../common/schemas/timesheets.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { formatDate, formatGBP } from '../../../lib/format.ts';
import { positionFor, type PagePosition } from '../../../lib/paging.ts';
import { cn } from '../../../lib/utils.ts';
import { useTimesheet, useTimesheets } from '../api/timesheets.ts';
import { initialWeek, mondayOf, today, weekOverlaps } from '../lib/week.ts';
import { SheetEditor } from './SheetEditor.tsx';
import { SheetList } from './SheetList.tsx';
import { WeekPicker } from './WeekPicker.tsx';

const HISTORY_PAGE_SIZE = 10;
const perUnit = (p: Placement) => (p.unit === 'hour' ? 'per hour' : 'per day');
const typeLabel = (t: string) => LEAD_TYPE_LABELS[t as LeadType] ?? t;

/**
 * "My time", the contractor's tab: their placements (pay rate, unit, dates), the chosen placement's week as a day
 * grid with a week picker, and the history of their sheets.
 */
export function MyTimeTab({ placements }: { placements: Placement[] }) {
  const now = today();
  const running = placements.find((p) => p.startDate <= now && now <= p.endDate) ?? placements[0];
  const [placementId, setPlacementId] = useState(running.id);
  const placement = placements.find((p) => p.id === placementId) ?? running;
  const [weeks, setWeeks] = useState<Record<string, string>>({});
  const week = weeks[placement.id] ?? initialWeek(placement.startDate, placement.endDate, now);
  const setWeek = (monday: string) => setWeeks((w) => ({ ...w, [placement.id]: monday }));

  return (
    <div className="grid gap-6">
      {placements.length > 1 ? (
        <ul aria-label="Your placements" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {placements.map((p) => (
            <li key={p.id} className="grid">
              <button
                type="button"
                aria-pressed={p.id === placement.id}
                onClick={() => setPlacementId(p.id)}
                className={cn(
                  'cursor-pointer rounded-xl border bg-card p-4 text-left shadow-card transition-colors hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  p.id === placement.id ? 'border-primary ring-1 ring-primary' : 'border-border',
                )}
              >
                <PlacementSummary p={p} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Card className="p-4">
          <PlacementSummary p={placement} />
        </Card>
      )}

      <Card>
        <CardContent className="grid gap-5 p-4 sm:p-6">
          <WeekPicker week={week} thisWeek={mondayOf(now)} onWeek={setWeek} allowed={(monday) => weekOverlaps(monday, placement.startDate, placement.endDate)} />
          <WeekSheet placement={placement} week={week} />
        </CardContent>
      </Card>

      <SheetHistory />
    </div>
  );
}

function PlacementSummary({ p }: { p: Placement }) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <Briefcase className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 text-sm">
        <p className="truncate text-base font-semibold">{p.companyName}</p>
        <p className="text-muted-foreground">
          {typeLabel(p.leadType)} · client {p.clientName}
        </p>
        <p className="mt-1">
          {p.payRate !== null && (
            <span className="font-medium tabular-nums">
              {formatGBP(p.payRate, 2)} {perUnit(p)}
            </span>
          )}
          <span className="text-muted-foreground">
            {p.payRate !== null ? ' · ' : ''}
            {formatDate(p.startDate)} – {formatDate(p.endDate)}
          </span>
        </p>
      </div>
    </div>
  );
}

/** The sheet of one placement and week, found among the contractor's sheets, or an empty week to start. */
function WeekSheet({ placement, week }: { placement: Placement; week: string }) {
  const mine = useTimesheets({ role: 'contractor', page: 1, pageSize: 100 });
  const found = mine.data?.items.find((s) => s.placementId === placement.id && s.weekStarting === week);
  const detail = useTimesheet(found?.id ?? null);
  if (mine.isPending || (found && detail.isPending)) return <SkeletonRows count={7} rowClassName="h-12 w-full" label="Loading the week" />;
  if (mine.isError && !mine.data) return <LoadErrorNotice boxed what="your timesheets" error={mine.error} onRetry={() => void mine.refetch()} />;
  if (found && detail.isError) return <LoadErrorNotice boxed what="this timesheet" error={detail.error} onRetry={() => void detail.refetch()} />;
  const sheet = found ? detail.data : undefined;
  return (
    <SheetEditor
      key={`${placement.id}:${week}:${sheet?.id ?? 'new'}:${sheet?.updatedAt ?? ''}`}
      sheet={sheet}
      placement={placement}
      weekStarting={week}
      unit={placement.unit}
    />
  );
}

function SheetHistory() {
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const { page } = position;
  const history = useTimesheets({ role: 'contractor', ...position, pageSize: HISTORY_PAGE_SIZE });
  /** Next and Previous go by the cursor of the page on screen. */
  const setPage = (target: number) => setPosition(positionFor(target, history.isPlaceholderData ? undefined : history.data));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-muted-foreground" aria-hidden /> Your timesheets
        </CardTitle>
        <CardDescription>Every week you have started, newest first. Open one to see or correct it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={history}
          what="your timesheets"
          framed
          loading={<SkeletonRows count={3} rowClassName="h-12 w-full" label="Loading your timesheets" />}
          isEmpty={(d) => !d.items.length && page === 1}
          empty={<EmptyState framed icon={History} title="No timesheets yet" text="Fill in a week above and save it; it will be listed here." />}
        >
          {(d) => (
            <>
              <div className={cn('transition-opacity', history.isPlaceholderData && 'opacity-60')}>
                <SheetList sheets={d.items} caption="Your timesheets" who="contractor" />
              </div>
              <Pager
                label="Timesheet pages"
                page={page}
                hasNext={d.page * d.pageSize < d.total}
                onPage={setPage}
                busy={history.isPlaceholderData}
                position
                className="justify-end"
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
