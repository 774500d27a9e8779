import { CalendarDays, ClipboardCheck, ListChecks, Mail, ScrollText, ShieldCheck, Users, Wallet } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { AdminOverview } from '../components/AdminOverview.tsx';
import { ApplicationsSummary } from '../components/ApplicationsSummary.tsx';
import { AuditLogPanel } from '../components/AuditLogPanel.tsx';
import { CommissionPayoutsPanel } from '../components/CommissionPayoutsPanel.tsx';
import { EventManagementPanel } from '../components/EventManagementPanel.tsx';
import { LeadManagementPanel } from '../components/LeadManagementPanel.tsx';
import { OutboxPanel } from '../components/OutboxPanel.tsx';
import { SecuritySettingsPanel } from '../components/SecuritySettingsPanel.tsx';
import { UserManagementPanel } from '../components/UserManagementPanel.tsx';

const TABS = ['leads', 'users', 'applications', 'events', 'commissions', 'audit', 'outbox', 'security'] as const;
type Tab = (typeof TABS)[number];

/**
 * Admin Panel (/admin): partner overview and recent activity, then tabs for leads, users, member
 * applications, events, commission payouts, the audit log, the e-mail outbox and the security settings. The tab is in the address
 * (?tab=users) so it survives a reload and can be linked to.
 */
export function AdminPanelPage() {
  useDocumentTitle('Admin Panel');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'leads';
  const setTab = (t: string) => setParams(t === 'leads' ? {} : { tab: t }, { replace: true });

  return (
    <>
      <PageHeader title="Admin Panel" description="Manage leads, members, applications, events and payouts." />
      <AdminOverview />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList
          aria-label="Admin sections"
          className="w-full justify-start [&_svg]:hidden 2xl:[&_svg]:block [&>button]:px-2 [&>button]:text-[13px] 2xl:[&>button]:px-2.5 2xl:[&>button]:text-sm"
        >
          <TabsTrigger value="leads">
            <ListChecks aria-hidden /> Lead Management
          </TabsTrigger>
          <TabsTrigger value="users">
            <Users aria-hidden /> User Management
          </TabsTrigger>
          <TabsTrigger value="applications">
            <ClipboardCheck aria-hidden /> Member Applications
          </TabsTrigger>
          <TabsTrigger value="events">
            <CalendarDays aria-hidden /> Event Management
          </TabsTrigger>
          <TabsTrigger value="commissions">
            <Wallet aria-hidden /> Commission Payouts
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ScrollText aria-hidden /> Audit Log
          </TabsTrigger>
          <TabsTrigger value="outbox">
            <Mail aria-hidden /> Outbox
          </TabsTrigger>
          <TabsTrigger value="security">
            <ShieldCheck aria-hidden /> Security
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
          <CommissionPayoutsPanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogPanel active={tab === 'audit'} />
        </TabsContent>
        <TabsContent value="outbox">
          <OutboxPanel active={tab === 'outbox'} />
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettingsPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
