import { CalendarDays, CalendarPlus, Search, SearchX, Ticket } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS, type EventCategory, type EventWhen } from '../../../../common/constants/events.ts';
import type { EventItem } from '../../../../common/schemas/events.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { pageCount } from '../../../lib/paging.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { cn } from '../../../lib/utils.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePositionFor } from '../../../lib/use-page-position.ts';
import { EVENTS_PAGE_SIZE, useEventList, useMyUpcomingRegistrations, useRegistrationActions } from '../api/events.ts';
import { CalendarFeedDialog } from '../components/CalendarFeedDialog.tsx';
import { EventCard, EventGridSkeleton } from '../components/EventCard.tsx';
import { EventDetailsDialog } from '../components/EventDetailsDialog.tsx';
import { EventFormDialog } from '../components/EventFormDialog.tsx';
import { UnregisterConfirm } from '../components/UnregisterConfirm.tsx';

const ALL = 'all';

/**
 * Community Events (/events): upcoming or past events as cards, by category and searched, a page at a time; the
 * details of one (also opened from a calendar entry's link, ?event=id); registering, the waitlist and unregistering;
 * a personal calendar subscription; and for administrators, creating events.
 */
export function EventsPage() {
  useDocumentTitle('Events');
  const me = useCurrentUser().data;
  const canCreate = !!me?.can.createEvents;
  const [params, setParams] = useSearchParams();
  const when: EventWhen = params.get('when') === 'past' ? 'past' : 'upcoming';
  const openId = params.get('event');
  const setParam = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const [category, setCategory] = useState<EventCategory | ''>('');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 350);
  const [position, turnTo] = usePositionFor(JSON.stringify([when, category, search]));
  const { page } = position;
  const list = useEventList({ when, category, search, ...position });
  /** Next and Previous go by the cursor of the page on screen. */
  const setPage = (target: number) => turnTo(target, list.isPlaceholderData ? undefined : list.data);
  const active = useEventList({ when: 'upcoming', category: '', search: '', page: 1, pageSize: 1, status: 'active' });
  const mine = useMyUpcomingRegistrations();
  const [creating, setCreating] = useState(false);
  const actions = useRegistrationActions();
  // unregistering asks first: a place given up may go to the waitlist at once
  const [leaving, setLeaving] = useState<EventItem | null>(null);
  const filtered = category !== '' || search !== '';

  const showDetails = (e: EventItem) => setParam('event', e.id);
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="events-heading"
        className="relative overflow-hidden rounded-xl bg-gradient-to-br from-[#141d38] via-primary to-[#2a3d73] px-6 py-8 text-white shadow-card sm:px-8 sm:py-10"
      >
        <div aria-hidden className="absolute -right-16 -top-20 size-64 rounded-full bg-white/5" />
        <div className="relative flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
          <div className="max-w-2xl">
            <h1 id="events-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Community Events
            </h1>
            <p className="mt-2 text-[15px] leading-relaxed text-white/80">
              Webinars, workshops and member gatherings. Register in one click; when an event is full, join the waitlist and take the next free place automatically.
            </p>
            <ul className="mt-4 flex flex-wrap gap-2 text-sm font-medium" aria-label="Summary">
              <li className="inline-flex items-center gap-1.5 rounded-full bg-white/12 px-3 py-1 ring-1 ring-white/20">
                <CalendarDays className="size-4" aria-hidden /> {countText(active.data?.total, 'active event', 'active events')}
              </li>
              <li className="inline-flex items-center gap-1.5 rounded-full bg-white/12 px-3 py-1 ring-1 ring-white/20">
                <Ticket className="size-4" aria-hidden /> {countText(mine.data?.total, 'my registration', 'my registrations')}
              </li>
            </ul>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <CalendarFeedDialog triggerClassName="border-white/30 bg-white/10 text-white hover:bg-white/20" />
            {canCreate && (
              <Button className="bg-white text-primary hover:bg-white/90" onClick={() => setCreating(true)}>
                <CalendarPlus aria-hidden /> Create Event
              </Button>
            )}
          </div>
        </div>
      </section>

      <div className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-card md:grid-cols-[auto_minmax(0,2fr)_minmax(0,1fr)] md:items-end">
        <div role="group" aria-label="Which events" className="inline-flex w-fit items-center gap-1 rounded-lg bg-muted p-1">
          {(['upcoming', 'past'] as const).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={when === w}
              onClick={() => setParam('when', w === 'past' ? 'past' : null)}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                when === w && 'bg-card text-foreground shadow-sm',
              )}
            >
              {w === 'past' ? 'Past' : 'Upcoming'}
            </button>
          ))}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="event-search">Search events</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="event-search"
              type="search"
              className="pl-9"
              placeholder="Title, description or location"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              maxLength={100}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="event-category">Category</Label>
          <Select value={category || ALL} onValueChange={(v) => setCategory(v === ALL ? '' : (v as EventCategory))}>
            <SelectTrigger id="event-category">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All categories</SelectItem>
              {EVENT_CATEGORIES.map((c) => (
                <SelectItem key={c} value={c}>
                  {EVENT_CATEGORY_LABELS[c]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <QueryState
        query={list}
        what="events"
        framed
        loading={<EventGridSkeleton />}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState
            framed
            icon={filtered ? SearchX : CalendarDays}
            title={filtered ? 'No Events Found' : when === 'past' ? 'No Past Events' : 'No Upcoming Events'}
            text={
              filtered
                ? 'No event matches your search and category. Try fewer words or another category.'
                : when === 'past'
                  ? 'Events appear here once they have ended.'
                  : canCreate
                    ? 'Create the first event for members to register for.'
                    : 'New events are announced here. Check back soon.'
            }
            action={
              filtered ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    setCategory('');
                    setSearchText('');
                  }}
                >
                  Clear filters
                </Button>
              ) : canCreate && when === 'upcoming' ? (
                <Button onClick={() => setCreating(true)}>
                  <CalendarPlus aria-hidden /> Create First Event
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(data) => (
          <div className="grid gap-4" aria-busy={(list.isFetching && list.isPlaceholderData) || undefined}>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={when === 'past' ? 'Past events' : 'Upcoming events'}>
              {data.items.map((e) => (
                <li key={e.id}>
                  <EventCard event={e} busy={actions.busyId === e.id} onDetails={showDetails} onRegister={actions.register} onUnregister={setLeaving} />
                </li>
              ))}
            </ul>
            {data.total > EVENTS_PAGE_SIZE && (
              <Pager
                label="Event pages"
                page={page}
                hasNext={page < pageCount(data.total, EVENTS_PAGE_SIZE)}
                onPage={setPage}
                busy={list.isFetching}
                position
                pageCount={pageCount(data.total, EVENTS_PAGE_SIZE)}
              />
            )}
          </div>
        )}
      </QueryState>

      <EventDetailsDialog
        eventId={openId}
        onClose={() => setParam('event', null)}
        busy={!!openId && actions.busyId === openId}
        onRegister={actions.register}
        onUnregister={setLeaving}
      />
      <UnregisterConfirm event={leaving} onClose={() => setLeaving(null)} onConfirm={actions.unregister} />
      {canCreate && <EventFormDialog open={creating} onOpenChange={setCreating} />}
    </div>
  );
}

const countText = (n: number | undefined, one: string, many: string) => (n === undefined ? `… ${many}` : `${n} ${n === 1 ? one : many}`);
