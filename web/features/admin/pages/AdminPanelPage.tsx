import { Activity, BarChart3, CalendarDays, ChevronDown, ClipboardCheck, Flag, Plug, ListChecks, ScrollText, Server, ShieldCheck, Users, Wallet } from 'lucide-react';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { SkeletonRows } from '../../../components/query-state.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { AnalyticsPanel } from '../../analytics/index.ts';
import { useApplicationSummary } from '../api/admin.ts';
import { useOpenReportCount } from '../api/moderation.ts';
import { AdminOverview } from '../components/AdminOverview.tsx';
import { ApplicationsSummary } from '../components/ApplicationsSummary.tsx';
import { AuditLogPanel } from '../components/AuditLogPanel.tsx';
import { EventManagementPanel } from '../components/EventManagementPanel.tsx';
import { JobsPanel } from '../components/JobsPanel.tsx';
import { IntegrationsPanel } from '../components/IntegrationsPanel.tsx';
import { LeadManagementPanel } from '../components/LeadManagementPanel.tsx';
import { ModerationPanel } from '../components/ModerationPanel.tsx';
import { OutboxPanel } from '../components/OutboxPanel.tsx';
import { PayoutsSection } from '../components/PayoutsSection.tsx';
import { SecuritySettingsPanel } from '../components/SecuritySettingsPanel.tsx';
import { UserManagementPanel } from '../components/UserManagementPanel.tsx';

const TABS = ['leads', 'users', 'applications', 'events', 'commissions', 'moderation', 'audit', 'outbox', 'integrations', 'security', 'analytics'] as const;
type Tab = (typeof TABS)[number];

/**
 * Admin Panel (/admin): partner overview and recent activity (a strip opened on demand), then tabs for leads, users, member
 * applications, events, commission payouts, the moderation queue, the audit log, the system (background jobs and the e-mail outbox), integrations (API tokens, webhooks, imports), the security settings and the programme's analytics (charts over a period, `?tab=analytics&period=…`). The tab is in the address
 * (?tab=users) so it survives a reload and can be linked to.
 */
export function AdminPanelPage() {
  useDocumentTitle('Admin Panel');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'leads';
  const setTab = (t: string) => setParams(t === 'leads' ? {} : { tab: t }, { replace: true });
  const pending = useApplicationSummary().data?.pending;
  const reported = useOpenReportCount().data;

  return (
    <>
      <PageHeader title="Admin Panel" description="Manage leads, members, applications, events and payouts." />
      {/* a compact strip, opened on demand, so every tab's own content starts near the top of the screen */}
      <details className="group mb-4 rounded-lg border border-border bg-card">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-medium hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
          <Activity className="size-4 text-primary" aria-hidden />
          Partner overview and recent activity
          <ChevronDown className="ml-auto size-4 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <div className="px-4 pb-1">
          <AdminOverview />
        </div>
      </details>
      <Tabs value={tab} onValueChange={setTab}>
        {/* one row that scrolls sideways on narrow screens, rather than wrapping into several */}
        <TabsList
          aria-label="Admin sections"
          className="relative w-full flex-nowrap justify-start overflow-x-auto lg:flex-wrap lg:overflow-visible [scrollbar-width:thin] [&_svg]:hidden 2xl:[&_svg]:block [&>button]:px-2 [&>button]:text-[13px] 2xl:[&>button]:px-2.5 2xl:[&>button]:text-sm"
        >
          <TabsTrigger value="leads">
            <ListChecks aria-hidden /> Lead Management
          </TabsTrigger>
          <TabsTrigger value="users">
            <Users aria-hidden /> User Management
          </TabsTrigger>
          <TabsTrigger value="applications">
            <ClipboardCheck aria-hidden /> Member Applications
            {!!pending && (
              <span className="rounded-full bg-primary px-1.5 text-[11px] font-semibold leading-[18px] text-primary-foreground tabular-nums">
                {pending}
                <span className="sr-only"> pending</span>
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="events">
            <CalendarDays aria-hidden /> Event Management
          </TabsTrigger>
          <TabsTrigger value="commissions">
            <Wallet aria-hidden /> Commission Payouts
          </TabsTrigger>
          <TabsTrigger value="moderation">
            <Flag aria-hidden /> Moderation
            {!!reported && (
              <span className="rounded-full bg-primary px-1.5 text-[11px] font-semibold leading-[18px] text-primary-foreground tabular-nums">
                {reported}
                <span className="sr-only"> to review</span>
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ScrollText aria-hidden /> Audit Log
          </TabsTrigger>
          <TabsTrigger value="outbox">
            <Server aria-hidden /> System
          </TabsTrigger>
          <TabsTrigger value="integrations">
            <Plug aria-hidden /> Integrations
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldCheck aria-hidden /> Security
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <BarChart3 aria-hidden /> Analytics
          </TabsTrigger>
        </TabsList>

        <TabsContent value="leads">
          <LeadManagementPanel />
        </TabsContent>
        <TabsContent value="users">
          <UserManagementPanel />
        </TabsContent>
        <TabsContent value="applications">
          <ApplicationsSummary />
        </TabsContent>
        <TabsContent value="events">
          <EventManagementPanel />
        </TabsContent>
        <TabsContent value="commissions">
          <PayoutsSection />
        </TabsContent>
        <TabsContent value="moderation">
          <ModerationPanel active={tab === 'moderation'} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogPanel active={tab === 'audit'} />
        </TabsContent>
        {/* System: the tab keeps its old value, so links to ?tab=outbox still open it */}
        <TabsContent value="outbox" className="space-y-6">
          <JobsPanel active={tab === 'outbox'} />
          <OutboxPanel active={tab === 'outbox'} />
        </TabsContent>
        <TabsContent value="integrations">
          <IntegrationsPanel active={tab === 'integrations'} />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettingsPanel />
        </TabsContent>
        {/* the analytics tab and its chart library load when it is first opened */}
        <TabsContent value="analytics">
          {tab === 'analytics' && (
            <Suspense fallback={<SkeletonRows count={4} rowClassName="h-40 w-full" label="Loading analytics" />}>
              <AnalyticsPanel />
            </Suspense>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
