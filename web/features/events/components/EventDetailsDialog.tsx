import { CalendarDays, CalendarPlus, Download, ExternalLink, MapPin, PoundSterling, RefreshCw, Share2, UserRound, Users, Video } from 'lucide-react';
import { useState } from 'react';
import { EVENT_MESSAGES as M } from '../../../../common/constants/events.ts';
import { formatEventDate, linkedinShareUrl } from '../../../../common/rules/events.ts';
import type { EventAttendee, EventDetail, EventItem } from '../../../../common/schemas/events.ts';
import { LinkifiedText } from '../../../components/linkified-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { eventAttendeesCsvUrl, eventIcsUrl, useEventDetail } from '../api/events.ts';
import { feeText, placesText, typeText } from '../lib/event-display.ts';
import { CategoryBadge, EventStatusBadges, RegistrationButton } from './EventCard.tsx';

/**
 * An event's details: what it is, when (start and end in its own time zone), where, the joining link for members
 * holding a place, places, fee, organiser, a LinkedIn share when the event has promotion text, the calendar file,
 * and for administrators the attendee list with each one's status.
 */
export function EventDetailsDialog({
  eventId,
  onClose,
  busy,
  onRegister,
  onUnregister,
}: {
  eventId: string | null;
  onClose: () => void;
  busy: boolean;
  onRegister: (e: EventItem) => void;
  onUnregister: (e: EventItem) => void;
}) {
  // the last event opened stays shown while the dialog animates out
  const [shownId, setShownId] = useState(eventId);
  if (eventId && eventId !== shownId) setShownId(eventId);
  const detail = useEventDetail(shownId);
  const e = detail.data;
  return (
    <Dialog open={!!eventId} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        {e ? (
          <>
            <DialogHeader>
              <div className="flex flex-wrap items-center gap-2">
                <CategoryBadge category={e.category} />
                <Badge variant="outline">{typeText(e)}</Badge>
                <EventStatusBadges event={e} />
              </div>
              <DialogTitle className="mt-2 break-words">{e.title}</DialogTitle>
              <DialogDescription>{e.organizerName ? `Organised by ${e.organizerName}` : 'A members’ event'}</DialogDescription>
            </DialogHeader>
            <EventBody event={e} />
            <DialogFooter className="sm:items-center sm:justify-between">
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button variant="outline" asChild>
                  <a href={eventIcsUrl(e.id)} download>
                    <CalendarPlus aria-hidden /> Add to Calendar
                  </a>
                </Button>
                {e.linkedinPromotionText && (
                  <Button variant="outline" asChild>
                    <a href={linkedinShareUrl(window.location.href, e)} target="_blank" rel="noopener noreferrer">
                      <Share2 aria-hidden /> Share on LinkedIn
                    </a>
                  </Button>
                )}
              </div>
              <RegistrationButton event={e} busy={busy} onRegister={onRegister} onUnregister={onUnregister} />
            </DialogFooter>
          </>
        ) : detail.isError ? (
          <>
            <DialogHeader>
              <DialogTitle>Event details</DialogTitle>
              <DialogDescription className="sr-only">The event could not be loaded.</DialogDescription>
            </DialogHeader>
            <div
              role="alert"
              className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/20 bg-destructive-soft px-4 py-3 text-sm text-destructive"
            >
              <p className="min-w-0 flex-1">
                <span className="font-medium">{M.detailFailed}</span>
                {/* the server's reason, when it gave one (the event was removed, the connection dropped) */}
                {errorDetail(detail.error, '') && <span className="block text-muted-foreground">{errorDetail(detail.error, '')}</span>}
              </p>
              <Button variant="outline" size="sm" onClick={() => void detail.refetch()}>
                <RefreshCw aria-hidden /> Try again
              </Button>
            </div>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Event details</DialogTitle>
              <DialogDescription>Loading…</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2" role="status" aria-busy aria-label="Loading event details">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="mt-4 h-24 w-full" />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EventBody({ event: e }: { event: EventDetail }) {
  const mine = e.myRegistration;
  return (
    <div className="grid gap-5">
      <p className="text-sm leading-relaxed">
        <LinkifiedText text={e.description} />
      </p>
      <dl className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm sm:grid-cols-2">
        <Item icon={CalendarDays} label="Starts">
          <time dateTime={e.startDate}>{formatEventDate(e.startDate, e.timezone)}</time>
        </Item>
        <Item icon={CalendarDays} label="Ends">
          <time dateTime={e.endDate}>{formatEventDate(e.endDate, e.timezone)}</time>
          <span className="block text-xs text-muted-foreground">Times in {e.timezone.replace(/_/g, ' ')}</span>
        </Item>
        <Item icon={MapPin} label="Location">
          {e.location ?? (e.type === 'webinar' ? 'Online' : 'To be announced')}
        </Item>
        <Item icon={Video} label="Joining link">
          {e.meetingLink ? (
            <a
              href={e.meetingLink}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-ring"
            >
              Join Meeting <ExternalLink className="size-3.5" aria-hidden />
            </a>
          ) : e.hasMeetingLink ? (
            <span className="text-muted-foreground">Shown here once you hold a place</span>
          ) : (
            <span className="text-muted-foreground">None</span>
          )}
        </Item>
        <Item icon={Users} label="Registrations">
          {placesText(e)}
          {e.waitlistCount > 0 && <span className="block text-xs text-muted-foreground">{e.waitlistCount} on the waitlist</span>}
        </Item>
        <Item icon={PoundSterling} label="Fee">
          {feeText(e.fee)}
        </Item>
        <Item icon={UserRound} label="Organizer">
          {e.organizerName ?? '—'}
        </Item>
        {e.registrationDeadline && (
          <Item icon={CalendarDays} label="Register by">
            <time dateTime={e.registrationDeadline}>{formatEventDate(e.registrationDeadline, e.timezone)}</time>
          </Item>
        )}
      </dl>
      {mine?.status === 'waitlisted' && (
        <p className="rounded-lg border border-warning/20 bg-warning-soft p-3 text-sm text-warning" role="note">
          You are number {mine.waitlistPosition} on the waitlist. If a place frees up it is given to you automatically, and we will let you know.
        </p>
      )}
      {e.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {e.tags.map((t) => (
            <li key={t}>
              <Badge variant="secondary">{t}</Badge>
            </li>
          ))}
        </ul>
      )}
      {e.attendees && <AttendeeList eventId={e.id} attendees={e.attendees} />}
    </div>
  );
}

function Item({ icon: Icon, label, children }: { icon: typeof Users; label: string; children: React.ReactNode }) {
  return (
    <div className="relative min-w-0 pl-6.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        <Icon className="absolute left-0 top-0.5 size-4" aria-hidden />
        {label}
      </dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/** Administrators: who registered, in arrival order, with their place or waitlist position and attendance, and the list as CSV. */
function AttendeeList({ eventId, attendees }: { eventId: string; attendees: EventAttendee[] }) {
  return (
    <section aria-labelledby="attendees-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="attendees-heading" className="text-sm font-semibold">
          Attendees ({attendees.length})
        </h3>
        {attendees.length > 0 && (
          <Button asChild variant="outline" size="sm">
            <a href={eventAttendeesCsvUrl(eventId)} download>
              <Download aria-hidden /> Download attendees (CSV)
            </a>
          </Button>
        )}
      </div>
      {attendees.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No one has registered yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border rounded-lg border border-border" aria-label="Attendees">
          {attendees.map((a) => (
            <li key={a.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">{a.userName}</span>
              <span className="flex shrink-0 gap-1.5">
                {a.attended && <Badge variant="success">Attended</Badge>}
                {a.status === 'registered' ? <Badge variant="secondary">Registered</Badge> : <Badge variant="warning">Waitlist #{a.waitlistPosition}</Badge>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
