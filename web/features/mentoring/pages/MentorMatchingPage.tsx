import { BarChart3, Compass, Inbox, Send } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MentorCard } from '../../../../common/schemas/mentoring.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePageFor } from '../../../lib/use-page.ts';
import { useMentorList, useOwnMentorProfile } from '../api/mentoring.ts';
import { BecomeMentorDialog } from '../components/BecomeMentorDialog.tsx';
import { DiscoverTab, NO_DISCOVER_FILTERS, type DiscoverFilters } from '../components/DiscoverTab.tsx';
import { InsightsTab } from '../components/InsightsTab.tsx';
import { MentorProfilePanel } from '../components/MentorProfilePanel.tsx';
import { MentorRequestsTab, MyRequestsTab } from '../components/RequestLists.tsx';
import { RequestMentorshipDialog } from '../components/RequestMentorshipDialog.tsx';
import { averageTopScore } from '../lib/mentoring.ts';

const TABS = ['discover', 'requests', 'mentor', 'insights'] as const;
type Tab = (typeof TABS)[number];

/**
 * Mentor Matching (/mentor-matching): discover mentors scored for the viewer, the viewer's own requests (with their
 * sessions), the viewer's mentoring once they are a mentor (their profile, to edit or pause, and the requests sent
 * to them) and how matching works. The tab is in the address (?tab=).
 */
export function MentorMatchingPage() {
  useDocumentTitle('Mentor Matching');
  const me = useCurrentUser().data;
  const myId = me?.id ?? null;
  const profile = useOwnMentorProfile(!!myId);
  const isMentor = !!profile.data;

  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab: Tab = (TABS as readonly string[]).includes(asked) && (asked !== 'mentor' || isMentor) ? (asked as Tab) : 'discover';
  const setTab = (t: string) => setParams(t === 'discover' ? {} : { tab: t }, { replace: true });

  const [filters, setFilters] = useState<DiscoverFilters>(NO_DISCOVER_FILTERS);
  const search = useDebouncedValue(filters.search.trim(), 350);
  const sent = { ...filters, search };
  const [page, setPage] = usePageFor(JSON.stringify(sent));
  const mentors = useMentorList({ ...sent, page });
  const [requesting, setRequesting] = useState<MentorCard | null>(null);

  const available = mentors.data?.availableCount;
  return (
    <>
      <PageHeader
        title="Mentor Matching"
        description={
          available === undefined ? 'Find a mentor matched to your industries and expertise.' : `${available} ${available === 1 ? 'mentor' : 'mentors'} available`
        }
        actions={myId && profile.isSuccess && !isMentor ? <BecomeMentorDialog userId={myId} /> : undefined}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Mentor matching sections" className="w-full justify-start">
          <TabsTrigger value="discover">
            <Compass aria-hidden /> Discover Mentors
          </TabsTrigger>
          <TabsTrigger value="requests">
            <Send aria-hidden /> My Requests
          </TabsTrigger>
          {isMentor && (
            <TabsTrigger value="mentor">
              <Inbox aria-hidden /> My Mentoring
            </TabsTrigger>
          )}
          <TabsTrigger value="insights">
            <BarChart3 aria-hidden /> Matching Insights
          </TabsTrigger>
        </TabsList>
        <TabsContent value="discover">
          <DiscoverTab filters={filters} onFilters={setFilters} query={mentors} page={page} onPage={setPage} onRequest={setRequesting} />
        </TabsContent>
        <TabsContent value="requests">
          <MyRequestsTab userId={myId} />
        </TabsContent>
        {profile.data && (
          <TabsContent value="mentor">
            <MentorProfilePanel profile={profile.data} />
            <MentorRequestsTab />
          </TabsContent>
        )}
        <TabsContent value="insights">
          <InsightsTab averageScore={averageTopScore(mentors.data?.items.map((m) => m.match.score) ?? [])} />
        </TabsContent>
      </Tabs>
      {myId && <RequestMentorshipDialog mentor={requesting} onClose={() => setRequesting(null)} />}
    </>
  );
}
