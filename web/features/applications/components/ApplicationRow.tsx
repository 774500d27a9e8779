import { Check, Eye, Flag, TriangleAlert } from 'lucide-react';
import type { ApplicationCheckKey, RiskLevel } from '../../../../common/constants/options.ts';
import { isReadyToApprove, type PendingApplication } from '../../../../common/schemas/applications.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/format.ts';
import { ApproveControl, ResendVerificationButton } from './ApproveControl.tsx';
import { ChecklistControls } from './ChecklistControls.tsx';
import { EmailVerifiedBadge } from './EmailVerifiedBadge.tsx';
import { RiskSelect } from './RiskSelect.tsx';

export function applicantName(a: PendingApplication): string {
  return `${a.user.firstName} ${a.user.lastName}`.trim();
}

/** "Job title at Company", whichever parts are known. */
export function roleAtCompany(a: PendingApplication): string {
  const { jobTitle, company } = a.user;
  if (jobTitle && company) return `${jobTitle} at ${company}`;
  return jobTitle || company || 'No company given';
}

/** One pending application: who, when, the checklist and risk (saved on change), Review and quick Approve. */
export function ApplicationRow({
  application: a,
  busy,
  approving,
  onCheck,
  onRisk,
  onReview,
  onApprove,
}: {
  application: PendingApplication;
  busy: boolean;
  approving: boolean;
  onCheck: (key: ApplicationCheckKey, checked: boolean) => void;
  onRisk: (risk: RiskLevel) => void;
  onReview: () => void;
  onApprove: () => void;
}) {
  const name = applicantName(a);
  const nameId = `app-${a.userId}-name`;
  const ready = isReadyToApprove(a);
  return (
    <li aria-labelledby={nameId} className="min-w-0">
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3.5">
            <UserAvatar person={a.user} className="size-11" />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 id={nameId} className="text-[15px] font-semibold">
                  {name}
                </h3>
                <EmailVerifiedBadge verified={a.user.emailVerified} />
                {ready && (
                  <Badge variant="success">
                    <Check aria-hidden /> Ready to approve
                  </Badge>
                )}
                {a.competitorFlag && (
                  <Badge variant="destructive">
                    <Flag aria-hidden /> Competitor
                  </Badge>
                )}
                {a.riskAssessment === 'high' && (
                  <Badge variant="destructive">
                    <TriangleAlert aria-hidden /> High risk
                  </Badge>
                )}
              </div>
              <p className="mt-0.5 truncate text-sm text-muted-foreground">{roleAtCompany(a)}</p>
              <p className="mt-0.5 text-xs text-muted-foreground">Applied {formatDate(a.user.appliedAt ?? a.createdAt)}</p>
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap items-start gap-2 sm:max-w-md sm:justify-end">
            <ResendVerificationButton application={a} />
            <Button variant="outline" size="sm" onClick={onReview}>
              <Eye aria-hidden /> Review
            </Button>
            <ApproveControl application={a} busy={busy} approving={approving} onApprove={onApprove} />
          </div>
        </div>
        <div className="mt-4 grid gap-4 border-t border-border pt-4 lg:grid-cols-[1fr_13rem] lg:items-end">
          <ChecklistControls idPrefix={`app-${a.userId}`} application={a} onChange={onCheck} />
          <RiskSelect id={`app-${a.userId}-risk`} value={a.riskAssessment} onChange={onRisk} />
        </div>
      </Card>
    </li>
  );
}
