import { CalendarDays, Handshake, Presentation, Users, Video, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Card } from '../../../../components/ui/card.tsx';

const PREVIEW: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Video, title: 'Webinars', text: 'Expert sessions you can join from anywhere.' },
  { icon: Users, title: 'In-person meet-ups', text: 'Meet fellow members face to face.' },
  { icon: Presentation, title: 'Workshops & training', text: 'Sharpen your skills with peers.' },
  { icon: Handshake, title: 'Networking', text: 'New introductions and partnerships.' },
];

/** Community Hub's Events tab: a clear "Events Coming Soon" until events are released. */
export function EventsTab() {
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col items-center px-6 py-12 text-center sm:py-16">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <CalendarDays className="size-7" aria-hidden />
        </div>
        <Badge variant="secondary" className="mt-6">
          Coming soon
        </Badge>
        <h2 className="mt-3 text-xl font-semibold tracking-tight">Events Coming Soon</h2>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          Webinars, workshops and member gatherings will be listed here, ready to register for in one click. Check back soon.
        </p>
        <ul className="mt-8 grid w-full max-w-2xl gap-3 text-left sm:grid-cols-2">
          {PREVIEW.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3 rounded-lg border border-border bg-muted/40 p-3.5">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary/80" aria-hidden />
              <span>
                <span className="block text-sm font-medium">{title}</span>
                <span className="block text-[13px] text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
