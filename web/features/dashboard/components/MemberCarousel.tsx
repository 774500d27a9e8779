import { UserRoundPen, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorBanner } from '../../../components/load-error.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/utils.ts';
import { useRecommendations } from '../../members/index.ts';
import { Carousel } from './Carousel.tsx';

function CardSkeleton({ className }: { className?: string }) {
  return (
    <Card className={cn('p-5', className)}>
      <div className="flex items-start gap-3">
        <Skeleton className="size-12 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3.5 w-40" />
          <Skeleton className="h-3.5 w-24" />
        </div>
      </div>
      <div className="mt-5 grid gap-2">
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-4/5" />
        <Skeleton className="h-3 w-3/5" />
      </div>
      <Skeleton className="mt-6 h-8 w-28" />
    </Card>
  );
}

/**
 * Smart Networking: the recommended members in a carousel. Autoplay moves one card every
 * 5 seconds; it pauses while the pointer or keyboard focus is inside, never runs for visitors who prefer
 * reduced motion, and stops for good once the visitor moves the carousel themselves (or presses Pause).
 */
export function MemberCarousel() {
  const recs = useRecommendations();
  return (
    <section aria-labelledby="networking-heading" className="min-w-0">
      <div className="mb-3">
        <h2 id="networking-heading" className="text-base font-semibold">
          Smart Networking
        </h2>
        <p className="text-sm text-muted-foreground">Members you may want to know, matched on industries, expertise, location and experience.</p>
      </div>
      <QueryState
        query={recs}
        what="recommended members"
        loading={
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading recommended members">
            <CardSkeleton />
            <CardSkeleton className="hidden sm:block" />
            <CardSkeleton className="hidden lg:block" />
          </div>
        }
        error={(retry) => <LoadErrorBanner what="recommended members" error={recs.error} onRetry={retry} />}
        isEmpty={(members) => !members.length}
        empty={
          <Card>
            <EmptyState
              className="py-10"
              titleClassName="font-medium"
              icon={UsersRound}
              title="Complete your profile to get intelligent member recommendations!"
              text="Add your industries, expertise and location so we can suggest the right people."
              action={
                <Button asChild variant="outline">
                  <Link to="/profile-settings">
                    <UserRoundPen aria-hidden /> Complete your profile
                  </Link>
                </Button>
              }
            />
          </Card>
        }
      >
        {(members) => <Carousel members={members} />}
      </QueryState>
    </section>
  );
}
