import type { UseQueryResult } from '@tanstack/react-query';
import { Briefcase, Building2, Clock, Search, SearchX, Star, Users } from 'lucide-react';
import type { MentorCard, MentorDiscoveryPage } from '../../../../common/schemas/mentoring.ts';
import type { MatchTone } from '../../../../common/rules/mentor-match.ts';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { pageCount } from '../../../lib/paging.ts';
import { cn } from '../../../lib/utils.ts';
import { MENTORS_PAGE_SIZE } from '../api/mentoring.ts';
import { visibleTags } from '../lib/mentoring.ts';
import { RatingSummary } from './Rating.tsx';

const ALL = 'all';
const NO_MENUS = { specializations: [] as string[], industries: [] as string[] };

export interface DiscoverFilters {
  search: string;
  specialization: string;
  industry: string;
  availability: 'all' | 'available' | 'full';
}
export const NO_DISCOVER_FILTERS: DiscoverFilters = { search: '', specialization: '', industry: '', availability: 'all' };

export const TONE_CLASSES: Record<MatchTone, string> = {
  green: 'border-success/20 bg-success-soft text-success',
  blue: 'border-primary/20 bg-primary/10 text-primary',
  yellow: 'border-warning/20 bg-warning-soft text-warning',
  gray: 'border-border bg-muted text-muted-foreground',
};

/** Discover Mentors: search, the three filters, mentor cards best match first, pages. */
export function DiscoverTab({
  filters,
  onFilters,
  query,
  page,
  onPage,
  onRequest,
}: {
  filters: DiscoverFilters;
  onFilters: (f: DiscoverFilters) => void;
  query: UseQueryResult<MentorDiscoveryPage>;
  page: number;
  onPage: (p: number) => void;
  onRequest: (m: MentorCard) => void;
}) {
  const set = (patch: Partial<DiscoverFilters>) => onFilters({ ...filters, ...patch });
  const menus = query.data?.filters ?? NO_MENUS;
  const filtered = filters.search.trim() !== '' || filters.specialization !== '' || filters.industry !== '' || filters.availability !== 'all';
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 rounded-xl border border-border bg-card p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="mentor-search">Search mentors</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="mentor-search"
              type="search"
              className="pl-9"
              placeholder="Name, company or specialization"
              value={filters.search}
              onChange={(e) => set({ search: e.target.value })}
              maxLength={100}
              autoComplete="off"
            />
          </div>
        </div>
        <FilterSelect
          id="mentor-specialization"
          label="Specialization"
          all="All specializations"
          value={filters.specialization}
          options={menus.specializations}
          onChange={(v) => set({ specialization: v })}
        />
        <FilterSelect
          id="mentor-industry"
          label="Industry"
          all="All industries"
          value={filters.industry}
          options={menus.industries}
          onChange={(v) => set({ industry: v })}
        />
        <div className="grid gap-2">
          <Label htmlFor="mentor-availability">Availability</Label>
          <Select value={filters.availability} onValueChange={(v) => set({ availability: v as DiscoverFilters['availability'] })}>
            <SelectTrigger id="mentor-availability">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All mentors</SelectItem>
              <SelectItem value="available">Available now</SelectItem>
              <SelectItem value="full">Fully booked</SelectItem>
            </SelectContent>
          </Select>
        </div>
      </div>

      <QueryState
        query={query}
        what="mentors"
        framed
        loading={<MentorSkeleton />}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <EmptyState
            framed
            icon={SearchX}
            title="No Mentors Found"
            text={filtered ? 'No mentor matches your search and filters. Try fewer words or another filter.' : 'Mentors will appear here once members become mentors.'}
            action={
              filtered ? (
                <Button variant="outline" onClick={() => onFilters(NO_DISCOVER_FILTERS)}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        }
      >
        {(data) => (
          <div className="grid gap-4" aria-busy={(query.isFetching && query.isPlaceholderData) || undefined}>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Mentors">
              {data.items.map((m) => (
                <li key={m.id}>
                  <MentorCardView mentor={m} onRequest={onRequest} />
                </li>
              ))}
            </ul>
            {data.total > MENTORS_PAGE_SIZE && (
              <Pager
                label="Mentor pages"
                page={page}
                hasNext={page < pageCount(data.total, MENTORS_PAGE_SIZE)}
                onPage={onPage}
                busy={query.isFetching}
                position
                pageCount={pageCount(data.total, MENTORS_PAGE_SIZE)}
              />
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

function FilterSelect({
  id,
  label,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: string[];
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : v)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{all}</SelectItem>
          {options.map((o) => (
            <SelectItem key={o} value={o}>
              {o}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** One mentor: who they are, how well they match, their capacity, focus and why they match. */
function MentorCardView({ mentor: m, onRequest }: { mentor: MentorCard; onRequest: (m: MentorCard) => void }) {
  const name = `${m.user.firstName} ${m.user.lastName}`;
  const full = m.currentMentees >= m.maxMentees;
  const tags = visibleTags(m.specializations);
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-card p-5 shadow-card" aria-label={name}>
      <div className="flex items-start gap-3">
        <UserAvatar person={m.user} className="size-12" />
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold leading-snug">{name}</h3>
          {m.user.jobTitle && <p className="line-clamp-2 text-sm text-muted-foreground">{m.user.jobTitle}</p>}
        </div>
        <div className="text-right">
          <p className="text-lg font-bold tabular-nums">{m.match.score}%</p>
          <span className={cn('inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', TONE_CLASSES[m.match.tone])}>{m.match.label}</span>
        </div>
      </div>
      <dl className="mt-4 grid gap-1.5 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <Briefcase className="size-4" aria-hidden />
          <dt className="sr-only">Experience</dt>
          <dd>{m.yearsExperience} years experience</dd>
        </div>
        <div className="flex items-center gap-2">
          <Clock className="size-4" aria-hidden />
          <dt className="sr-only">Availability</dt>
          <dd>{m.availabilityHours} hours/week</dd>
        </div>
        <div className="flex items-center gap-2">
          <Users className="size-4" aria-hidden />
          <dt className="sr-only">Mentees</dt>
          <dd>
            {m.currentMentees}/{m.maxMentees} mentees
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <Star className="size-4" aria-hidden />
          <dt className="sr-only">Rating</dt>
          <dd>
            <RatingSummary rating={m.rating} reviews={m.totalReviews} icon={false} />
          </dd>
        </div>
        {m.user.company && (
          <div className="flex items-center gap-2">
            <Building2 className="size-4" aria-hidden />
            <dt className="sr-only">Company</dt>
            <dd className="truncate">{m.user.company}</dd>
          </div>
        )}
      </dl>
      {m.specializations.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-1.5" aria-label="Specializations">
          {tags.shown.map((s) => (
            <Badge key={s} variant="secondary">
              {s}
            </Badge>
          ))}
          {tags.more > 0 && <Badge variant="outline">+{tags.more}</Badge>}
        </div>
      )}
      {m.match.reasons.length > 0 && (
        <ul className="mt-3 grid gap-1 text-xs text-muted-foreground" aria-label="Why this match">
          {m.match.reasons.map((r) => (
            <li key={r}>• {r}</li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-4">
        <Button className="w-full" disabled={full || !m.can.requestMentorship} onClick={() => onRequest(m)}>
          {full ? 'Fully Booked' : 'Request Mentorship'}
        </Button>
      </div>
    </article>
  );
}

function MentorSkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-busy aria-label="Loading mentors">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="rounded-xl border border-border bg-card p-5 shadow-card">
          <div className="flex gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3.5 w-1/2" />
            </div>
          </div>
          <div className="mt-4 grid gap-2">
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3.5 w-1/3" />
          </div>
          <Skeleton className="mt-6 h-9 w-full" />
        </li>
      ))}
    </ul>
  );
}
