import { ArrowRight, CalendarDays, ClipboardCheck, Hourglass, ListChecks, Mail, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { usePendingCount } from '../api/admin.ts';
import { OutboxPanel } from '../components/OutboxPanel.tsx';

const TABS = ['leads', 'users', 'applications', 'events', 'outbox'] as const;
type Tab = (typeof TABS)[number];

function Placeholder({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{title}</CardTitle>
          <Badge variant="secondary">
            <Hourglass aria-hidden /> Coming soon in this release
          </Badge>
        </div>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
    </Card>
  );
}

/** Admin Panel (/admin): tabs for leads, users, member applications, events and the e-mail outbox. */
export function AdminPanelPage() {
  useDocumentTitle('Admin Panel');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'leads';
  const pending = usePendingCount();
  const setTab = (t: string) => setParams(t === 'leads' ? {} : { tab: t }, { replace: true });

  return (
    <>
      <PageHeader title="Admin Panel" description="Manage leads, members, applications and events." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
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
          <TabsTrigger value="outbox">
            <Mail aria-hidden /> Outbox
          </TabsTrigger>
        </TabsList>

        <TabsContent value="leads">
          <Placeholder
            title="Lead Management"
            text="Review every submitted lead, update its status with notes, and follow partner activity."
          />
        </TabsContent>
        <TabsContent value="users">
          <Placeholder title="User Management" text="See every member, activate or deactivate accounts, remove users and e-mail them." />
        </TabsContent>
        <TabsContent value="applications">
          <Card>
            <CardHeader>
              <CardTitle>Member Applications</CardTitle>
              <CardDescription>Verify new applicants, record your checks and approve or reject them.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm">
                {pending.data ? (
                  <>
                    <span className="text-2xl font-semibold tabular-nums">{pending.data.pending}</span>{' '}
                    <span className="text-muted-foreground">{pending.data.pending === 1 ? 'application is' : 'applications are'} waiting for review</span>
                  </>
                ) : (
                  <span className="text-muted-foreground">Open the review screen to see pending applications.</span>
                )}
              </p>
              <Button asChild>
                <Link to="/admin/applications">
                  Review applications <ArrowRight aria-hidden />
                </Link>
              </Button>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="events">
          <Card>
            <CardHeader>
              <CardTitle>Event Management</CardTitle>
              <CardDescription>Events are created and managed on the Events page.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to="/events">
                  Go to Events <ArrowRight aria-hidden />
                </Link>
              </Button>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="outbox">
          <OutboxPanel active={tab === 'outbox'} />
        </TabsContent>
      </Tabs>
    </>
  );
}
