import { Handshake, Inbox, SearchX, UserCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { DirectoryMember } from '../../../../../common/schemas/community.ts';
import { Pager } from '../../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../../components/query-state.tsx';
import { StatGrid, type Stat } from '../../../../components/stat-card.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../../../lib/auth.ts';
import { pageCount, rangeText, totalText } from '../../../../lib/paging.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { usePositionFor } from '../../../../lib/use-page-position.ts';
import { useConnectionList } from '../../../members/index.ts';
import { useDirectory } from '../../api/directory.ts';
import { nameParts } from '../../lib/post-display.ts';
import { DIRECTORY_PAGE_SIZE } from '../../api/directory-keys.ts';
import { DirectoryFilters, NO_FILTERS, type DirectoryFilterValues } from './DirectoryFilters.tsx';
import { MemberDirectoryCard } from './MemberDirectoryCard.tsx';
import { MemberProfileDialog, type ProfilePreview } from './MemberProfileDialog.tsx';
import { CONNECTIONS_PAGE_SIZE, MyConnections } from './MyConnections.tsx';
import { WelcomeOverlay } from './WelcomeOverlay.tsx';

const fmt = (n: number | undefined) => (n === undefined ? '—' : n.toLocaleString('en-GB'));

/**
 * Member Directory: the Active Partners count and the member's own network in figures, then either every member
 * (search, Industry / Expertise / Location filters, pages of cards with their connection) or My connections
 * (requests received and sent, and connections). A card or row opens the member's profile, and so does a link
 * naming a member (`?tab=directory&member=<id>`, where a mention leads); the first visit opens the welcome.
 */
export function DirectoryTab() {
  const me = useCurrentUser().data;
  const [view, setView] = useState<'members' | 'connections'>('members');
  const [filters, setFilters] = useState<DirectoryFilterValues>(NO_FILTERS);
  const [profile, setProfile] = useState<ProfilePreview | null>(null);
  // a mention's link names the member (?member=<id>) and carries the name it showed, for the moment the profile loads
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('member');
  const linkedName = (useLocation().state as { memberName?: unknown } | null)?.memberName;
  const linked: ProfilePreview | null = linkedId ? { id: linkedId, ...nameParts(typeof linkedName === 'string' ? linkedName : ''), jobTitle: null, company: null } : null;
  const closeProfile = () => {
    setProfile(null);
    if (linkedId)
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('member');
          return next;
        },
        { replace: true },
      );
  };

  // the text boxes reach the server once typing pauses; the selects at once
  const typed = { search: useDebouncedValue(filters.search.trim(), 350), location: useDebouncedValue(filters.location.trim(), 350) };
  const sent = { ...filters, search: typed.search, location: typed.location };
  const [position, turnTo] = usePositionFor(JSON.stringify([sent.search, sent.industry, sent.expertise, sent.location]));
  const { page } = position;
  const directory = useDirectory({ ...sent, ...position, pageSize: DIRECTORY_PAGE_SIZE });
  /** Next and Previous go by the cursor of the page on screen. */
  const setPage = (target: number) => turnTo(target, directory.isPlaceholderData ? undefined : directory.data);
  const typing = filters.search.trim() !== typed.search || filters.location.trim() !== typed.location;
  const updating = typing || (directory.isFetching && directory.isPlaceholderData);

  // the same first pages My connections shows, so the figures and the lists are one request each
  const incoming = useConnectionList({ direction: 'incoming', status: 'pending', page: 1, pageSize: CONNECTIONS_PAGE_SIZE });
  const accepted = useConnectionList({ status: 'accepted', page: 1, pageSize: CONNECTIONS_PAGE_SIZE });

  const filtered = Object.values(sent).some((v) => v !== '');
  const stats: Stat[] = [
    { key: 'partners', label: 'Active Partners', value: fmt(directory.data?.activePartners), note: 'Partners active in the network', icon: Handshake },
    {
      key: 'found',
      label: filtered ? 'Matching members' : 'Members listed',
      // a search matching very many members is counted only up to the total ("10,000+")
      value: directory.data?.totalCapped ? totalText(directory.data.total, true) : fmt(directory.data?.total),
      note: filtered ? 'For your search and filters' : 'Open to networking',
      icon: Users,
      tone: 'bg-secondary text-secondary-foreground',
    },
    {
      key: 'connections',
      label: 'My connections',
      value: fmt(accepted.data?.total),
      note: 'Members you are connected with',
      icon: UserCheck,
      tone: 'bg-success-soft text-success',
    },
    { key: 'requests', label: 'Requests to answer', value: fmt(incoming.data?.total), note: 'Waiting for your reply', icon: Inbox, tone: 'bg-warning-soft text-warning' },
  ];

  const open = (m: ProfilePreview) => setProfile(m);
  const waiting = incoming.data?.total ?? 0;

  return (
    <div className="grid gap-6">
      {/* a profile opened from a link is not covered by the welcome; it comes once the profile is closed */}
      {!linkedId && <WelcomeOverlay />}
      <StatGrid stats={stats} loading={directory.isPending && !directory.isError} label="Directory figures" />

      <Tabs value={view} onValueChange={(v) => setView(v as typeof view)}>
        <TabsList aria-label="Directory views">
          <TabsTrigger value="members">
            <Users aria-hidden /> All members
          </TabsTrigger>
          <TabsTrigger value="connections">
            <UserCheck aria-hidden /> My connections
            {waiting > 0 && (
              <span className="rounded-full bg-primary px-1.5 text-[11px] font-semibold tabular-nums text-primary-foreground" aria-label={`${waiting} waiting`}>
                {waiting}
              </span>
            )}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="members" className="grid gap-4">
          <DirectoryFilters value={filters} onChange={setFilters} updating={updating} />
          <QueryState
            query={directory}
            what="the member directory"
            framed
            loading={<DirectorySkeleton />}
            isEmpty={(d) => d.items.length === 0}
            empty={
              filtered ? (
                <EmptyState
                  framed
                  icon={SearchX}
                  title="No members found"
                  text="No member matches your search and filters. Try fewer words or another filter."
                  action={
                    <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                      Clear filters
                    </Button>
                  }
                />
              ) : (
                <EmptyState framed icon={Users} title="No members to show yet" text="Members who are open to networking will appear here." />
              )
            }
          >
            {(data) => (
              <div className="grid gap-4" aria-busy={updating || undefined}>
                <p className="sr-only" aria-live="polite">
                  {`${totalText(data.total, data.totalCapped)} ${data.total === 1 ? 'member' : 'members'} found`}
                </p>
                <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Members">
                  {data.items.map((m: DirectoryMember) => (
                    <li key={m.id}>
                      <MemberDirectoryCard member={m} isSelf={m.id === me?.id} onView={open} />
                    </li>
                  ))}
                </ul>
                <Pager
                  label="Directory pages"
                  page={page}
                  hasNext={page < pageCount(data.total, DIRECTORY_PAGE_SIZE) || (!!data.totalCapped && !!data.nextCursor)}
                  onPage={(p) => {
                    setPage(p);
                    document.getElementById('directory-search')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
                  }}
                  busy={updating}
                  summary={`Showing ${rangeText(page, DIRECTORY_PAGE_SIZE, data.items.length, data.total, data.totalCapped)} members`}
                  position
                  pageCount={data.totalCapped ? undefined : pageCount(data.total, DIRECTORY_PAGE_SIZE)}
                  className="flex-col sm:flex-row"
                />
              </div>
            )}
          </QueryState>
        </TabsContent>

        <TabsContent value="connections">
          <MyConnections onView={open} />
        </TabsContent>
      </Tabs>

      <MemberProfileDialog preview={profile ?? linked} meId={me?.id ?? null} onClose={closeProfile} />
    </div>
  );
}

/** Card-shaped grey blocks while the first page loads. */
function DirectorySkeleton() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-busy aria-label="Loading members">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="rounded-xl border border-border bg-card p-5 shadow-card">
          <div className="flex gap-3">
            <Skeleton className="size-12 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3.5 w-1/2" />
              <Skeleton className="h-3.5 w-2/5" />
            </div>
          </div>
          <Skeleton className="mt-5 h-3 w-20" />
          <div className="mt-2 flex gap-1.5">
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-16 rounded-full" />
          </div>
          <Skeleton className="mt-4 h-3 w-20" />
          <div className="mt-2 flex gap-1.5">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <div className="mt-6 flex gap-2">
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-8 w-24" />
          </div>
        </li>
      ))}
    </ul>
  );
}
