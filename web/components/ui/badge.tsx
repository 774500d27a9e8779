import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

const badgeVariants = cva('inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium [&_svg]:size-3.5', {
  variants: {
    variant: {
      default: 'border-transparent bg-primary text-primary-foreground',
      secondary: 'border-transparent bg-secondary text-secondary-foreground',
      outline: 'border-border text-foreground',
      success: 'border-success/20 bg-success-soft text-success',
      warning: 'border-warning/20 bg-warning-soft text-warning',
      destructive: 'border-destructive/20 bg-destructive-soft text-destructive',
      gold: 'border-gold-deep/25 bg-gold text-gold-foreground',
    },
  },
  defaultVariants: { variant: 'default' },
});

/** A short label in a pill (statuses, roles, CP+), in one of the product's tones. */
export function Badge({ className, variant, ...props }: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
