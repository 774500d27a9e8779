import { Award, CalendarDays, MessageSquare, Send, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { CeoContactTab } from '../components/ceo/CeoContactTab.tsx';
import { DirectoryTab } from '../components/directory/DirectoryTab.tsx';
import { EventsTab } from '../components/events/EventsTab.tsx';
import { FeedTab } from '../components/feed/FeedTab.tsx';
import { ProgressTab } from '../components/progress/ProgressTab.tsx';

const TABS = ['feed', 'directory', 'events', 'achievements', 'ceo'] as const;
type Tab = (typeof TABS)[number];

/**
 * Community Hub (/community): the discussion feed, the member directory, events, My Progress and CEO Contact.
 * The tab is in the address (?tab=directory) so it survives a reload and notifications can link to it.
 */
export function CommunityPage() {
  useDocumentTitle('Community Hub');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'feed';
  const setTab = (t: string) => setParams(t === 'feed' ? {} : { tab: t }, { replace: true });

  return (
    <>
      <PageHeader title="Community Hub" description="Share insights, find fellow members and follow your progress." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Community sections" className="w-full justify-start">
          <TabsTrigger value="feed">
            <MessageSquare aria-hidden /> Discussion Feed
          </TabsTrigger>
          <TabsTrigger value="directory">
            <Users aria-hidden /> Member Directory
          </TabsTrigger>
          <TabsTrigger value="events">
            <CalendarDays aria-hidden /> Events
          </TabsTrigger>
          <TabsTrigger value="achievements">
            <Award aria-hidden /> My Progress
          </TabsTrigger>
          <TabsTrigger value="ceo">
            <Send aria-hidden /> CEO Contact
          </TabsTrigger>
        </TabsList>
        <TabsContent value="feed">
          <FeedTab />
        </TabsContent>
        <TabsContent value="directory">
          <DirectoryTab />
        </TabsContent>
        <TabsContent value="events">
          <EventsTab />
        </TabsContent>
        <TabsContent value="achievements">
          <ProgressTab />
        </TabsContent>
        <TabsContent value="ceo">
          <CeoContactTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
