import { Crown, RefreshCw, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStats } from '../../../../common/schemas/dashboard.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatGBP } from '../../../lib/format.ts';

interface StatsState {
  data?: DashboardStats;
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

function Figures({ stats }: { stats: StatsState }) {
  if (stats.isLoading) {
    return (
      <div className="mt-5 flex gap-6" role="status" aria-busy="true" aria-label="Loading your figures">
        {[0, 1].map((i) => (
          <div key={i} className="grid gap-2">
            <span aria-hidden className="block h-7 w-16 animate-pulse rounded-md bg-white/15" />
            <span aria-hidden className="block h-3 w-24 animate-pulse rounded bg-white/10" />
          </div>
        ))}
      </div>
    );
  }
  if (stats.isError || !stats.data) {
    return (
      <p role="alert" className="mt-5 flex flex-wrap items-center gap-2 text-sm text-white/85">
        Your referral figures could not be loaded.
        <button
          type="button"
          onClick={() => void stats.refetch()}
          className="inline-flex cursor-pointer items-center gap-1 rounded font-medium text-white underline underline-offset-4 hover:no-underline"
        >
          <RefreshCw className="size-3.5" aria-hidden /> Try again
        </button>
      </p>
    );
  }
  const { totalReferrals, totalCommissions } = stats.data;
  return (
    <dl className="mt-5 flex flex-wrap gap-x-8 gap-y-3">
      <div className="flex flex-col-reverse">
        <dt className="text-[13px] text-white/70">{totalReferrals === 1 ? 'Referral made' : 'Referrals made'}</dt>
        <dd className="text-2xl font-semibold tabular-nums tracking-tight">{totalReferrals.toLocaleString('en-GB')}</dd>
      </div>
      <div className="flex flex-col-reverse">
        <dt className="text-[13px] text-white/70">Earned so far</dt>
        <dd className="text-2xl font-semibold tabular-nums tracking-tight">{formatGBP(totalCommissions)}</dd>
      </div>
    </dl>
  );
}

/** The dashboard's welcome banner: greeting by first name, referral figures, CP+ badge for premium members, Submit New Lead. */
export function WelcomeBanner({ user, stats }: { user: CurrentUser; stats: StatsState }) {
  return (
    <section aria-labelledby="welcome-heading" className="relative overflow-clip rounded-xl bg-primary px-6 py-8 text-primary-foreground shadow-card sm:px-8 sm:py-10">
      <div aria-hidden className="absolute -right-16 -top-20 size-72 rounded-full bg-white/[0.06]" />
      <div aria-hidden className="absolute -bottom-24 right-24 size-56 rounded-full bg-white/[0.04]" />
      <div className="relative flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          {user.membershipTier === 'cp-plus' && (
            <Badge variant="gold" className="mb-3">
              <Crown aria-hidden /> CP+ Member
            </Badge>
          )}
          <h1 id="welcome-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {/* a member's first session as a member greets them as new; every later one welcomes them back */}
            {user.firstSignIn ? `Welcome, ${user.firstName}!` : `Welcome back, ${user.firstName}!`}
          </h1>
          <p className="mt-2 max-w-xl text-[15px] text-white/80">
            Refer the opportunities you hear about, follow them through the pipeline and earn commission when they close.
          </p>
          <Figures stats={stats} />
        </div>
        <Button asChild size="lg" className="bg-white text-primary shadow-sm hover:bg-white/90 focus-visible:outline-white" data-tour="submit-lead">
          <Link to="/submit-lead">
            <Send aria-hidden /> Submit New Lead
          </Link>
        </Button>
      </div>
    </section>
  );
}
