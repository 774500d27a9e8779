import { ArrowLeft, Briefcase, ClipboardCheck, Clock, Sheet, Timer } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Placement } from '../../../../common/schemas/timesheets.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyState, SkeletonRows } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { usePlacements, useTimesheet } from '../api/timesheets.ts';
import { AllSheetsTab } from '../components/AllSheetsTab.tsx';
import { ApproveTab } from '../components/ApproveTab.tsx';
import { MyTimeTab } from '../components/MyTimeTab.tsx';
import { PlacementsTab } from '../components/PlacementsTab.tsx';
import { SheetEditor } from '../components/SheetEditor.tsx';

type Tab = 'my' | 'approve' | 'all' | 'placements';

/**
 * Timesheets (/timesheets, and /timesheets/:id for one sheet, where notifications lead). The tabs are the ones the
 * member has a use for: "My time" for a contractor on a placement, "To approve" for a client contact, "All sheets"
 * and "Placements" for administrators. A member with none of these is told what timesheets are for. The tab is in
 * the address (?tab=approve) so it survives a reload.
 */
export function TimesheetsPage() {
  useDocumentTitle('Timesheets');
  const { id } = useParams();
  const me = useCurrentUser().data;
  const admin = !!me?.can.adminPanel;
  const asContractor = usePlacements('contractor', 1, 100);
  const asClient = usePlacements('client', 1, 1);
  const [params, setParams] = useSearchParams();

  const header = <PageHeader title="Timesheets" description="Time on placements: recorded weekly by the contractor, approved by the client." />;
  if (id) {
    return (
      <>
        {header}
        <SheetDetail id={id} contractorPlacements={asContractor.data?.items ?? []} />
      </>
    );
  }
  if (asContractor.isPending || asClient.isPending) {
    return (
      <>
        {header}
        <SkeletonRows count={4} rowClassName="h-16 w-full rounded-xl" label="Loading timesheets" />
      </>
    );
  }
  if ((asContractor.isError && !asContractor.data) || (asClient.isError && !asClient.data)) {
    const failed = asContractor.isError ? asContractor : asClient;
    return (
      <>
        {header}
        <LoadError what="your placements" error={failed.error} onRetry={() => void Promise.all([asContractor.refetch(), asClient.refetch()])} framed />
      </>
    );
  }

  const mine = asContractor.data?.items ?? [];
  const tabs: Tab[] = [
    ...(mine.length ? (['my'] as const) : []),
    ...((asClient.data?.total ?? 0) > 0 ? (['approve'] as const) : []),
    ...(admin ? (['all', 'placements'] as const) : []),
  ];
  if (!tabs.length) {
    return (
      <>
        {header}
        <Card>
          <EmptyState
            icon={Timer}
            title="No timesheets for you yet"
            text="Timesheets record the time a contractor works on a placement made from a won interim or recruitment lead. When you are placed as a contractor, or named as the client who approves the time, your timesheets appear here."
            action={
              <Button variant="outline" asChild>
                <Link to="/commissions">See your commissions</Link>
              </Button>
            }
          />
        </Card>
      </>
    );
  }
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : tabs[0];
  const setTab = (t: string) => setParams(t === tabs[0] ? {} : { tab: t }, { replace: true });

  return (
    <>
      {header}
      <Tabs value={tab} onValueChange={setTab}>
        {tabs.length > 1 && (
          <TabsList aria-label="Timesheet sections">
            {tabs.includes('my') && (
              <TabsTrigger value="my">
                <Clock aria-hidden /> My time
              </TabsTrigger>
            )}
            {tabs.includes('approve') && (
              <TabsTrigger value="approve">
                <ClipboardCheck aria-hidden /> To approve
              </TabsTrigger>
            )}
            {admin && (
              <TabsTrigger value="all">
                <Sheet aria-hidden /> All sheets
              </TabsTrigger>
            )}
            {admin && (
              <TabsTrigger value="placements">
                <Briefcase aria-hidden /> Placements
              </TabsTrigger>
            )}
          </TabsList>
        )}
        {tabs.includes('my') && (
          <TabsContent value="my">
            <MyTimeTab placements={mine} />
          </TabsContent>
        )}
        {tabs.includes('approve') && (
          <TabsContent value="approve">
            <ApproveTab />
          </TabsContent>
        )}
        {admin && (
          <TabsContent value="all">
            <AllSheetsTab />
          </TabsContent>
        )}
        {admin && (
          <TabsContent value="placements">
            <PlacementsTab />
          </TabsContent>
        )}
      </Tabs>
    </>
  );
}

/** One sheet, as its viewer may act on it: the contractor corrects and submits, the client approves or rejects. */
function SheetDetail({ id, contractorPlacements }: { id: string; contractorPlacements: Placement[] }) {
  const sheet = useTimesheet(id);
  const back = (
    <Button variant="ghost" size="sm" asChild className="mb-4 -ml-2">
      <Link to="/timesheets">
        <ArrowLeft aria-hidden /> All your timesheets
      </Link>
    </Button>
  );
  if (sheet.isPending) {
    return (
      <>
        {back}
        <SkeletonRows count={8} rowClassName="h-12 w-full" label="Loading the timesheet" />
      </>
    );
  }
  if (sheet.isError) {
    const missing = sheet.error instanceof ApiError && (sheet.error.status === 404 || sheet.error.status === 400);
    return (
      <>
        {back}
        {missing ? (
          <Card>
            <EmptyState icon={Timer} title="Timesheet not found" text="It may have been removed, or it belongs to a placement you are not part of." />
          </Card>
        ) : (
          <LoadError what="the timesheet" error={sheet.error} onRetry={() => void sheet.refetch()} framed />
        )}
      </>
    );
  }
  const s = sheet.data;
  const placement = contractorPlacements.find((p) => p.id === s.placementId);
  return (
    <>
      {back}
      <Card>
        <CardContent className="p-4 sm:p-6">
          <SheetEditor key={`${s.id}:${s.updatedAt}`} sheet={s} placement={placement} weekStarting={s.weekStarting} unit={s.unit} />
        </CardContent>
      </Card>
    </>
  );
}
