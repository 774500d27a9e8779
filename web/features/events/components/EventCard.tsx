import { CalendarDays, CircleCheck, Clock, LoaderCircle, MapPin, MonitorPlay, PoundSterling, UserRound, Users, type LucideIcon } from 'lucide-react';
import { EVENT_CATEGORY_LABELS, type EventType } from '../../../../common/constants/events.ts';
import type { EventItem } from '../../../../common/schemas/events.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/utils.ts';
import { CATEGORY_BADGE, feeText, placesText, registrationAction, startText, typeText } from '../lib/event-display.ts';

const TYPE_ICON: Record<EventType, LucideIcon> = { webinar: MonitorPlay, 'in-person': MapPin, hybrid: Users };

export function CategoryBadge({ category }: { category: EventItem['category'] }) {
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium', CATEGORY_BADGE[category])}>
      {EVENT_CATEGORY_LABELS[category]}
    </span>
  );
}

/** The viewer's place, as a badge: Registered, Waitlist #n, or Attended; plus Cancelled for a cancelled event. */
export function EventStatusBadges({ event: e }: { event: EventItem }) {
  const mine = e.myRegistration;
  return (
    <>
      {e.status === 'cancelled' && <Badge variant="destructive">Cancelled</Badge>}
      {mine?.attended ? (
        <Badge variant="success">
          <CircleCheck aria-hidden /> Attended
        </Badge>
      ) : mine?.status === 'registered' ? (
        <Badge variant="success">
          <CircleCheck aria-hidden /> Registered
        </Badge>
      ) : mine?.status === 'waitlisted' ? (
        <Badge variant="warning">
          <Clock aria-hidden /> Waitlist #{mine.waitlistPosition}
        </Badge>
      ) : null}
    </>
  );
}

/** The registration button of an event: Register / Join Waitlist / Unregister, or why it is closed (disabled). */
export function RegistrationButton({
  event,
  busy,
  onRegister,
  onUnregister,
  className,
}: {
  event: EventItem;
  busy: boolean;
  onRegister: (e: EventItem) => void;
  onUnregister: (e: EventItem) => void;
  className?: string;
}) {
  const action = registrationAction(event);
  if (action.kind === 'closed') {
    return (
      <Button variant="secondary" disabled className={className}>
        {action.label}
      </Button>
    );
  }
  const leaving = action.kind === 'unregister';
  return (
    <Button
      variant={leaving ? 'outline' : 'default'}
      className={className}
      disabled={busy}
      aria-label={`${action.label}: ${event.title}`}
      onClick={() => (leaving ? onUnregister(event) : onRegister(event))}
    >
      {busy && <LoaderCircle className="animate-spin" aria-hidden />}
      {action.label}
    </Button>
  );
}

/** One event in the grid: category, type, title, start, place, organiser, fee, places and the two actions. */
export function EventCard({
  event: e,
  busy,
  onDetails,
  onRegister,
  onUnregister,
}: {
  event: EventItem;
  busy: boolean;
  onDetails: (e: EventItem) => void;
  onRegister: (e: EventItem) => void;
  onUnregister: (e: EventItem) => void;
}) {
  const TypeIcon = TYPE_ICON[e.type];
  return (
    <article
      className={cn('flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-card', e.status === 'cancelled' && 'opacity-80')}
      aria-labelledby={`event-${e.id}-title`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={e.category} />
        <span className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
          <TypeIcon className="size-3.5" aria-hidden /> {typeText(e)}
        </span>
        <span className="ml-auto flex flex-wrap gap-1.5">
          <EventStatusBadges event={e} />
        </span>
      </div>
      <h3 id={`event-${e.id}-title`} className={cn('mt-3 break-words text-base font-semibold leading-snug', e.status === 'cancelled' && 'line-through decoration-1')}>
        {e.title}
      </h3>
      <dl className="mt-3 grid gap-1.5 text-sm text-muted-foreground">
        <Fact icon={CalendarDays} label="Starts">
          <time dateTime={e.startDate}>{startText(e)}</time>
        </Fact>
        <Fact icon={MapPin} label="Location">
          {e.location ?? (e.type === 'webinar' ? 'Online' : 'To be announced')}
        </Fact>
        {e.organizerName && (
          <Fact icon={UserRound} label="Organizer">
            {e.organizerName}
          </Fact>
        )}
        <Fact icon={PoundSterling} label="Fee">
          {feeText(e.fee)}
        </Fact>
        <Fact icon={Users} label="Places">
          {placesText(e)}
          {e.waitlistCount > 0 && `, ${e.waitlistCount} waiting`}
        </Fact>
      </dl>
      <div className="mt-auto grid grid-cols-2 gap-2 pt-5">
        <Button variant="outline" onClick={() => onDetails(e)} aria-label={`Details: ${e.title}`}>
          Details
        </Button>
        <RegistrationButton event={e} busy={busy} onRegister={onRegister} onUnregister={onUnregister} />
      </div>
    </article>
  );
}

function Fact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function EventGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-busy aria-label="Loading events">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="rounded-xl border border-border bg-card p-5 shadow-card">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-16" />
          </div>
          <Skeleton className="mt-4 h-5 w-3/4" />
          <div className="mt-4 grid gap-2">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3.5 w-1/3" />
          </div>
          <div className="mt-6 grid grid-cols-2 gap-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        </li>
      ))}
    </ul>
  );
}
