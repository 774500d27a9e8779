import { ArrowRight, Send, SquareKanban, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';

const ACTIONS: { to: string; label: string; text: string; icon: typeof Send; tour?: string }[] = [
  { to: '/submit-lead', label: 'Submit Lead', text: 'Refer a new opportunity', icon: Send },
  { to: '/profile', label: 'My Profile', text: 'Your professional profile', icon: UserRound, tour: 'profile' },
  { to: '/community', label: 'Community Hub', text: 'Connect with members', icon: Users, tour: 'community' },
  { to: '/pipeline', label: 'View Pipeline', text: 'Follow your leads', icon: SquareKanban },
];

/** The dashboard's Quick Actions; My Profile and Community Hub are stops of the guided tour. */
export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-4">
          {ACTIONS.map(({ to, label, text, icon: Icon, tour }) => (
            <li key={to}>
              <Link
                to={to}
                data-tour={tour}
                className="group flex h-full items-center gap-3 rounded-lg border border-border p-4 transition-colors hover:border-primary/30 hover:bg-primary-soft/50 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold">{label}</span>
                  <span className="block text-xs text-muted-foreground">{text}</span>
                </span>
                <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
