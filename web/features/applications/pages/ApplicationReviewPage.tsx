import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { useApplicationStats } from '../api/applications.ts';
import { PendingApplications } from '../components/PendingApplications.tsx';
import { StatsCards } from '../components/StatsCards.tsx';

/** Application review (/admin/applications): summary, pending list with checklist and risk, review dialog. */
export function ApplicationReviewPage() {
  useDocumentTitle('Application Review');
  const stats = useApplicationStats();

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-3 text-muted-foreground">
        <Link to="/admin">
          <ArrowLeft aria-hidden /> Admin Panel
        </Link>
      </Button>
      <PageHeader title="Application Review" description="Verify new membership applications and approve or reject them." />

      <StatsCards stats={stats.data} loading={stats.isLoading} />

      <section aria-labelledby="pending-heading" className="mt-8">
        <h2 id="pending-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Pending applications
        </h2>
        <PendingApplications headingId="pending-heading" />
      </section>
    </>
  );
}
