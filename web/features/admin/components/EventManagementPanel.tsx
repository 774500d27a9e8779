import { BarChart3, CalendarDays, ClipboardCheck, ExternalLink, Pencil, Plus, Search, X, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EVENT_CATEGORY_LABELS, type EventWhen } from '../../../../common/constants/events.ts';
import { formatEventDate } from '../../../../common/rules/events.ts';
import type { EventItem } from '../../../../common/schemas/events.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState, SkeletonRows } from '../../../components/query-state.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { rangeText } from '../../../lib/paging.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePageFor } from '../../../lib/use-page.ts';
import { cn } from '../../../lib/utils.ts';
import { EventFormDialog, useCancelEvent, useEventList } from '../../events/index.ts';
import { AttendanceDialog, ReportDialog } from './EventAdminDialogs.tsx';

const PAGE_SIZE = 20;
const WHEN_LABELS: Record<EventWhen, string> = { upcoming: 'Upcoming', past: 'Past' };

const places = (e: EventItem) => (e.maxAttendees === null ? `${e.registrationsCount}` : `${e.registrationsCount} / ${e.maxAttendees}`);

function StatusBadge({ event }: { event: EventItem }) {
  return event.status === 'cancelled' ? <Badge variant="destructive">Cancelled</Badge> : <Badge variant="success">Active</Badge>;
}

/**
 * Admin Panel → Event Management: upcoming or past events, searched, paged, with places, waitlist and status;
 * per event Edit and Cancel (while it can still change), Attendance and Report, and Create Event above the list.
 */
export function EventManagementPanel() {
  const [when, setWhen] = useState<EventWhen>('upcoming');
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 300);
  const [page, setPage] = usePageFor(`${when}|${search}`);
  const list = useEventList({ when, category: '', search, page, pageSize: PAGE_SIZE });
  const cancel = useCancelEvent();
  const [creating, setCreating] = useState(false);
  // the event stays in place while the Edit dialog animates out, so it never flashes as Create Event
  const [editing, setEditing] = useState<EventItem | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [cancelling, setCancelling] = useState<EventItem | null>(null);
  const [attendance, setAttendance] = useState<EventItem | null>(null);
  const [reporting, setReporting] = useState<EventItem | null>(null);
  const searchId = useId();

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;

  const actions = (e: EventItem) => (
    <div className="flex flex-wrap gap-2 md:justify-end">
      {e.can.edit && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setEditing(e);
            setEditOpen(true);
          }}
        >
          <Pencil aria-hidden /> Edit<span className="sr-only"> {e.title}</span>
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={() => setAttendance(e)}>
        <ClipboardCheck aria-hidden /> Attendance<span className="sr-only"> for {e.title}</span>
      </Button>
      <Button variant="outline" size="sm" onClick={() => setReporting(e)}>
        <BarChart3 aria-hidden /> Report<span className="sr-only"> for {e.title}</span>
      </Button>
      {e.can.cancel && (
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setCancelling(e)}>
          <XCircle aria-hidden /> Cancel<span className="sr-only"> {e.title}</span>
        </Button>
      )}
    </div>
  );

  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle>Event Management</CardTitle>
          <CardDescription>Create and edit events, mark attendance and see the leads each event brought in.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/events">
              <ExternalLink aria-hidden /> Open events page
            </Link>
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Create Event
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6" aria-busy={list.isFetching || undefined}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div role="group" aria-label="Which events" className="inline-flex w-fit rounded-lg border border-border p-1">
            {(['upcoming', 'past'] as const).map((w) => (
              <button
                key={w}
                type="button"
                aria-pressed={when === w}
                onClick={() => setWhen(w)}
                className={cn(
                  'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  when === w ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                )}
              >
                {WHEN_LABELS[w]}
              </button>
            ))}
          </div>
          <div className="relative w-full sm:w-72">
            <Label htmlFor={searchId} className="sr-only">
              Search events
            </Label>
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search title, description or location"
              className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
              maxLength={100}
            />
            {query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                aria-label="Clear search"
                className="absolute right-2 top-1/2 flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            )}
          </div>
        </div>
        <QueryState
          query={list}
          what="events"
          loading={<SkeletonRows count={5} rowClassName="h-12" label="Loading events" />}
          isEmpty={(p) => !p.items.length}
          empty={
            <EmptyState
              icon={CalendarDays}
              framed
              title={search ? 'No events match your search' : when === 'upcoming' ? 'No upcoming events' : 'No past events'}
              text={search ? `Nothing found for “${search}”.` : when === 'upcoming' ? 'Create an event and members can register for it.' : undefined}
            />
          }
        >
          {() => (
            <>
              <p className="sr-only" aria-live="polite">
                {total} {total === 1 ? 'event' : 'events'} found
              </p>
              <ResponsiveTable
                rows={items}
                rowKey={(e) => e.id}
                caption={`${WHEN_LABELS[when]} events`}
                tableFrom="xl"
                columns={[
                  { key: 'title', header: 'Event', cell: (e) => <span className="font-medium">{e.title}</span> },
                  { key: 'date', header: 'Date', className: 'whitespace-nowrap', cell: (e) => formatEventDate(e.startDate, e.timezone) },
                  { key: 'category', header: 'Category', cell: (e) => EVENT_CATEGORY_LABELS[e.category] },
                  { key: 'places', header: 'Registrations', className: 'tabular-nums', cell: places },
                  { key: 'waitlist', header: 'Waitlist', className: 'tabular-nums', cell: (e) => e.waitlistCount },
                  { key: 'status', header: 'Status', cell: (e) => <StatusBadge event={e} /> },
                  { key: 'actions', header: <span className="sr-only">Actions</span>, cell: actions },
                ]}
                card={(e) => (
                  <div className="grid gap-3">
                    <div className="flex items-start justify-between gap-3">
                      <div className="grid gap-0.5">
                        <p className="font-medium">{e.title}</p>
                        <p className="text-sm text-muted-foreground">
                          {formatEventDate(e.startDate, e.timezone)} · {EVENT_CATEGORY_LABELS[e.category]}
                        </p>
                        <p className="text-sm text-muted-foreground tabular-nums">
                          {places(e)} registered · {e.waitlistCount} waiting
                        </p>
                      </div>
                      <StatusBadge event={e} />
                    </div>
                    {actions(e)}
                  </div>
                )}
              />
              <Pager
                label="Events pages"
                page={page}
                summary={rangeText(page, PAGE_SIZE, items.length, total)}
                hasNext={(page - 1) * PAGE_SIZE + items.length < total}
                onPage={setPage}
                busy={list.isFetching}
              />
            </>
          )}
        </QueryState>
      </CardContent>
      <EventFormDialog open={creating} onOpenChange={setCreating} />
      {editing && <EventFormDialog event={editing} open={editOpen} onOpenChange={setEditOpen} />}
      <AttendanceDialog event={attendance} onClose={() => setAttendance(null)} />
      <ReportDialog event={reporting} onClose={() => setReporting(null)} />
      <ConfirmDialog
        open={!!cancelling}
        onOpenChange={(o) => !o && setCancelling(null)}
        title="Cancel this event?"
        description={cancelling ? `“${cancelling.title}” will be marked as cancelled. Everyone registered or on the waitlist will be told. This cannot be undone.` : ''}
        confirm={cancel.isPending ? 'Cancelling…' : 'Cancel Event'}
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling.id, { onSettled: () => setCancelling(null) })}
      />
    </Card>
  );
}
