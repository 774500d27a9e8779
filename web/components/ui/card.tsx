import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

/** A raised white panel: the frame of every block on a screen. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('rounded-xl border border-border bg-card text-card-foreground shadow-card', className)} {...props} />;
}
/** A card's title area. */
export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-6 pb-4', className)} {...props} />;
}
/** A card's heading (an h2 under the page's h1). */
export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  // the heading's text arrives as children inside props
  // eslint-disable-next-line jsx-a11y/heading-has-content
  return <h2 className={cn('text-lg font-semibold leading-tight tracking-tight', className)} {...props} />;
}
/** The line under a card's title. */
export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
/** A card's body, padded to line up with its header. */
export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}
