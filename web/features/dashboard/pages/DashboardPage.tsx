import { ChartColumn, Hourglass, Network, SquareKanban } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { DailyQuote } from '../components/DailyQuote.tsx';
import { QuickActions } from '../components/QuickActions.tsx';
import { WelcomeBanner } from '../components/WelcomeBanner.tsx';

const UPCOMING = [
  { title: 'Performance Overview', text: 'Total leads, total earned, average per lead and success rate.', icon: ChartColumn },
  { title: 'Smart Networking', text: 'Members recommended for you by shared industries and expertise.', icon: Network },
  { title: 'Pipeline Overview', text: 'Your leads from Submitted to Closed Won at a glance.', icon: SquareKanban },
];

/** Dashboard (/ and /dashboard): greeting, daily quote and quick actions; figures arrive with the leads release. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <WelcomeBanner user={user} />
      <DailyQuote />
      <QuickActions />
      <section aria-labelledby="upcoming-heading">
        <div className="mb-3 flex items-center gap-2">
          <h2 id="upcoming-heading" className="text-base font-semibold">
            Your performance
          </h2>
          <Badge variant="secondary">
            <Hourglass aria-hidden /> Coming soon in this release
          </Badge>
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {UPCOMING.map(({ title, text, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full border-dashed p-5 shadow-none">
                <Icon className="size-5 text-muted-foreground" aria-hidden />
                <h3 className="mt-3 text-sm font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
