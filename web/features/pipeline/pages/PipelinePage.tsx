import { Plus, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LeadStatus } from '../../../../common/constants/options.ts';
import { toPence } from '../../../../common/rules/money.ts';
import { STATUS_LABELS } from '../../../../common/rules/pipeline.ts';
import type { Lead } from '../../../../common/schemas/lead.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Stat } from '../../../components/stat-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatPence, formatPercent } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { useUpdateLead } from '../../leads/index.ts';
import { useAnalytics, useBoard } from '../api/pipeline.ts';
import { PipelineCard } from '../components/PipelineCard.tsx';
import { PipelineColumn } from '../components/PipelineColumn.tsx';
import { METRIC_ICONS, PipelineMetrics } from '../components/PipelineMetrics.tsx';

const OPEN_COLUMNS: LeadStatus[] = ['submitted', 'reviewing', 'qualified', 'in-progress'];

/**
 * Pipeline Overview (/pipeline): metric cards and five columns (closed-lost is not on the board), each
 * loaded from the server; a card opens its lead's page. Admins move cards by drag and drop or the "Move to…" menu;
 * partners see their own board read-only.
 */
export function PipelinePage() {
  useDocumentTitle('Pipeline Overview');
  const { data: user } = useCurrentUser();
  // moving cards between columns is for whoever may change leads' status
  const canMove = !!user?.can.manageLeads;
  const board = useBoard();
  const analytics = useAnalytics();
  const update = useUpdateLead();
  const [dragging, setDragging] = useState<Lead | null>(null);

  const cards = useMemo(() => board.columns.flatMap((c) => c.page?.items ?? []), [board.columns]);
  const totals = Object.fromEntries(board.columns.map((c) => [c.status, c.page?.total ?? 0])) as Record<LeadStatus, number>;
  const valueOf = (items: Lead[]) => items.reduce((sum, l) => sum + toPence(l.estimatedValue), 0);

  const move = (lead: Lead, status: LeadStatus) => {
    if (lead.status !== status) update.mutate({ lead, status });
  };

  // over every lead in scope, from the server's per-status sums, not only the cards loaded on the board
  const a = analytics.data;
  const weightedPence = a ? toPence(a.weightedPipelineValue) : null;
  const activeCount = OPEN_COLUMNS.reduce((n, s) => n + totals[s], 0);
  const metrics: Stat[] = [
    {
      key: 'total',
      label: 'Total Pipeline Value',
      value: a ? formatPence(toPence(a.openPipelineValue) + toPence(a.closedWonValue)) : '—',
      note: `All ${(activeCount + totals['closed-won']).toLocaleString('en-GB')} leads on the board`,
      ...METRIC_ICONS.total,
    },
    {
      key: 'weighted',
      label: 'Weighted Value',
      value: weightedPence === null ? '—' : formatPence(weightedPence),
      note: 'Qualified ×0.7, in progress ×0.9, won ×1, others ×0.3',
      ...METRIC_ICONS.weighted,
    },
    {
      key: 'active',
      label: 'Active Leads',
      value: activeCount.toLocaleString('en-GB'),
      note: 'Submitted, under review, qualified or in progress',
      ...METRIC_ICONS.active,
    },
    {
      key: 'conversion',
      label: 'Conversion Rate',
      value: a ? formatPercent(a.conversionRate) : '—',
      note: a ? `${(a.byStatus['closed-won'] ?? 0).toLocaleString('en-GB')} closed won of ${a.totalLeads.toLocaleString('en-GB')} leads` : 'Closed won of all leads',
      ...METRIC_ICONS.conversion,
    },
  ];

  const empty = !board.isLoading && !board.isError && cards.length === 0;

  return (
    <>
      <PageHeader
        title="Pipeline Overview"
        description={
          canMove
            ? 'Every lead on the platform by stage. Drag a card to another column, or use its Move to… menu, to change its status.'
            : 'Your leads by stage, from submission to closed won.'
        }
        actions={
          <Button asChild>
            <Link to="/submit-lead">
              <Plus aria-hidden /> Submit New Lead
            </Link>
          </Button>
        }
      />

      <PipelineMetrics metrics={metrics} loading={board.isLoading || analytics.isLoading} />

      {board.isError && !cards.length ? (
        <Card className="mt-6 p-4">
          <LoadError framed what="the pipeline" error={board.error} onRetry={() => void board.refetch()} />
        </Card>
      ) : (
        <>
          {empty && (
            <Card className="mt-6 flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold">{canMove ? 'No leads in the pipeline yet.' : 'Your pipeline is empty.'}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  {canMove ? 'Leads appear here as partners submit them.' : 'Submit a lead and follow it here from submission to closed won.'}
                </p>
              </div>
              {!canMove && (
                <Button asChild variant="outline">
                  <Link to="/submit-lead">
                    <Send aria-hidden /> Submit Your First Lead
                  </Link>
                </Button>
              )}
            </Card>
          )}

          <div
            role="region"
            aria-label="Pipeline board"
            tabIndex={0}
            className="-mx-4 mt-6 grid snap-x snap-mandatory scroll-px-4 sm:scroll-px-6 lg:scroll-px-0 auto-cols-[78%] grid-flow-col gap-3 overflow-x-auto px-4 pb-3 focus-visible:outline-offset-0 sm:auto-cols-[minmax(15rem,1fr)] sm:-mx-6 sm:px-6 lg:mx-0 lg:auto-cols-[minmax(10.75rem,1fr)] lg:px-0"
          >
            {board.columns.map(({ status, page }) => {
              const items = page?.items ?? [];
              return (
                <PipelineColumn
                  key={status}
                  status={status}
                  total={page?.total ?? 0}
                  shown={items.length}
                  valuePence={valueOf(items)}
                  loading={!page}
                  dropEnabled={canMove && !!dragging && dragging.status !== status}
                  onDrop={() => dragging && move(dragging, status)}
                >
                  {items.map((lead) => (
                    <li key={lead.id}>
                      <PipelineCard
                        lead={lead}
                        canMove={canMove}
                        dragging={dragging?.id === lead.id}
                        onMove={(s) => move(lead, s)}
                        onDragStart={() => setDragging(lead)}
                        onDragEnd={() => setDragging(null)}
                      />
                    </li>
                  ))}
                </PipelineColumn>
              );
            })}
          </div>
          <p className="mt-2 text-xs text-muted-foreground">
            {STATUS_LABELS['closed-lost']} leads are not shown on the board{canMove ? '; move a card there with its Move to… menu' : ''}.
          </p>
        </>
      )}
    </>
  );
}
