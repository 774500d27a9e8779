import { Hourglass, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/site.ts';
import { PageHeader } from './page-header.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

/**
 * Stand-in for a screen that a later release delivers: its title, what it will do, and a clear
 * "Coming soon in this release" marker, so nobody mistakes it for a broken page.
 */
export function ComingSoon({
  title,
  description,
  icon: Icon = Hourglass,
  features = [],
}: {
  title: string;
  description: string;
  icon?: LucideIcon;
  features?: string[];
}) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card className="overflow-hidden">
        <div className="flex flex-col items-center px-6 py-14 text-center sm:py-20">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <Icon className="size-7" aria-hidden />
          </div>
          <Badge variant="secondary" className="mt-6">
            Coming soon in this release
          </Badge>
          <h2 className="mt-3 text-lg font-semibold">{title} is on its way</h2>
          <p className="mt-2 max-w-md text-sm text-muted-foreground">{description}</p>
          {features.length > 0 && (
            <ul className="mt-6 grid w-full max-w-lg gap-2 text-left text-sm sm:grid-cols-2">
              {features.map((f) => (
                <li key={f} className="rounded-lg border border-border bg-muted/50 px-3 py-2 text-muted-foreground">
                  {f}
                </li>
              ))}
            </ul>
          )}
          <Button asChild variant="outline" className="mt-8">
            <Link to="/dashboard">Back to dashboard</Link>
          </Button>
        </div>
      </Card>
    </>
  );
}
