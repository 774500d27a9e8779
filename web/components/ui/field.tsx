import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';
import { Label } from './label.tsx';

/** The ids a control needs so its label, hint and error are announced with it. */
export function fieldA11y(id: string, error?: string, hasHint = false) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** The error line under a field. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-[13px] font-medium text-destructive">
      {children}
    </p>
  );
}

/**
 * A labelled form control with an optional hint (e.g. a character counter) and its error message under it.
 * The control itself is passed as children and should spread `fieldA11y(id, error, !!hint)`.
 */
export function Field({
  id,
  label,
  optional,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  optional?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optional && <span className="ml-1 font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {children}
      {(error || hint) && (
        <div className="flex items-start justify-between gap-3">
          <FieldError id={`${id}-error`}>{error}</FieldError>
          {hint && (
            <p id={`${id}-hint`} className="ml-auto shrink-0 text-xs tabular-nums text-muted-foreground">
              {hint}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
