import { ArrowRight, CalendarDays } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { EventCard, EventGridSkeleton, useEventList, useRegistrationActions } from '../../../events/index.ts';

const SHOWN = 6;

/** Community Hub's Events tab: the next upcoming events, to register for here or open on the events page. */
export function EventsTab() {
  const list = useEventList({ when: 'upcoming', category: '', search: '', page: 1, pageSize: SHOWN, status: 'active' });
  const actions = useRegistrationActions();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="community-events-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="community-events-heading" className="text-lg font-semibold tracking-tight">
            Upcoming Events
          </h2>
          <p className="text-sm text-muted-foreground">Meet fellow members at webinars, workshops and gatherings.</p>
        </div>
        <Button variant="outline" asChild>
          <Link to="/events">
            All events <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
      <QueryState
        query={list}
        what="events"
        framed
        loading={<EventGridSkeleton count={3} />}
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState framed icon={CalendarDays} title="No Upcoming Events" text="New events are announced here. Check back soon." />}
      >
        {(data) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Upcoming events">
            {data.items.map((e) => (
              <li key={e.id}>
                <EventCard
                  event={e}
                  busy={actions.busyId === e.id}
                  onDetails={() => void navigate(`/events?event=${encodeURIComponent(e.id)}`)}
                  onRegister={actions.register}
                  onUnregister={actions.unregister}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
