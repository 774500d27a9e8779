import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/utils.ts';

interface IconFact {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A short list of facts, each with an icon, a title and a line of text (next steps, payment terms). */
export function IconFactList({ items, ordered = false, className }: { items: readonly IconFact[]; ordered?: boolean; className?: string }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={cn('grid gap-4', className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Icon className="size-4" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-medium">{title}</p>
            <p className="mt-0.5 text-[13px] leading-snug text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </List>
  );
}
