import { cn } from '../lib/utils.ts';

/** The product's mark: a navy tile with an open arc (a partnership circle). Decorative; pair it with the name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" />
      <circle cx="22.3" cy="16" r="1.9" fill="#c7d2fe" />
    </svg>
  );
}
