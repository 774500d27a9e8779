import type { LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TimesheetRole, TimesheetStatus } from '../../../../common/constants/timesheets.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { positionFor, type PagePosition } from '../../../lib/paging.ts';
import { cn } from '../../../lib/utils.ts';
import { useTimesheets } from '../api/timesheets.ts';
import { SheetList } from './SheetList.tsx';

/** A card with one paged list of sheets (by role and status), its own empty state and optional controls. */
export function SheetsPanel({
  title,
  description,
  icon: Icon,
  side,
  status,
  page,
  onPage,
  pageSize = 10,
  who,
  emptyTitle,
  emptyText,
  controls,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Whose sheets: the viewer's as contractor or client, or all they may see. */
  side: TimesheetRole;
  status?: TimesheetStatus;
  page: number;
  onPage: (page: number) => void;
  pageSize?: number;
  who: 'contractor' | 'client' | 'both';
  emptyTitle: string;
  emptyText: string;
  controls?: ReactNode;
}) {
  // the cursor of the page turned to, kept while the page number the parent holds is still that page of this list
  const list = `${side}|${status ?? ''}|${pageSize}`;
  const [turned, setTurned] = useState<{ list: string; position: PagePosition } | null>(null);
  const position = turned && turned.list === list && turned.position.page === page ? turned.position : { page };
  const sheets = useTimesheets({ role: side, status, ...position, pageSize });
  /** Next and Previous go by the cursor of the page on screen, any other page by its number. */
  const turnTo = (target: number) => {
    setTurned({ list, position: positionFor(target, sheets.isPlaceholderData ? undefined : sheets.data) });
    onPage(target);
  };
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Icon className="size-5 text-muted-foreground" aria-hidden /> {title}
            {sheets.data && sheets.data.total > 0 && <span className="text-sm font-normal text-muted-foreground tabular-nums">({sheets.data.total})</span>}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {controls}
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          query={sheets}
          what={title.toLowerCase()}
          framed
          loading={<SkeletonRows count={3} rowClassName="h-12 w-full" label={`Loading ${title.toLowerCase()}`} />}
          isEmpty={(d) => !d.items.length && page === 1}
          empty={<EmptyState framed icon={Icon} title={emptyTitle} text={emptyText} />}
        >
          {(d) => (
            <>
              <div className={cn('transition-opacity', sheets.isPlaceholderData && 'opacity-60')}>
                <SheetList sheets={d.items} caption={title} who={who} />
              </div>
              <Pager
                label={`${title} pages`}
                page={page}
                hasNext={d.page * d.pageSize < d.total}
                onPage={turnTo}
                busy={sheets.isPlaceholderData}
                position
                pageCount={Math.max(1, Math.ceil(d.total / d.pageSize))}
                className="justify-end"
              />
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
