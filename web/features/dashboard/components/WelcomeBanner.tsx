import { Crown, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The dashboard's welcome banner: greeting by first name, CP+ badge for premium members, Submit New Lead. */
export function WelcomeBanner({ user }: { user: CurrentUser }) {
  return (
    <section aria-labelledby="welcome-heading" className="relative overflow-hidden rounded-xl bg-primary px-6 py-8 text-primary-foreground shadow-card sm:px-8 sm:py-10">
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
            Welcome back, {user.firstName}!
          </h1>
          <p className="mt-2 max-w-xl text-[15px] text-white/80">
            Refer the opportunities you hear about, follow them through the pipeline and earn commission when they close.
          </p>
        </div>
        <Button asChild size="lg" className="bg-white text-primary shadow-sm hover:bg-white/90">
          <Link to="/submit-lead">
            <Send aria-hidden /> Submit New Lead
          </Link>
        </Button>
      </div>
    </section>
  );
}
