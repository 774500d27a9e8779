import { Check } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer size-[18px] shrink-0 cursor-pointer rounded-[5px] border border-input bg-card shadow-xs transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="flex items-center justify-center text-current">
        <Check className="size-3.5" strokeWidth={3} aria-hidden />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/**
 * A checkbox with its label and a second line saying what it means (read out as its description), as the lists of
 * scopes and webhook events show them.
 */
export function DescribedCheckbox({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  labelClassName,
  descriptionClassName,
}: {
  id: string;
  label: ReactNode;
  description: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  labelClassName?: string;
  descriptionClassName?: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-md px-2 py-2 hover:bg-accent">
      <Checkbox id={id} className="mt-0.5" checked={checked} onCheckedChange={(c) => onCheckedChange(c === true)} aria-describedby={`${id}-what`} disabled={disabled} />
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className={cn('cursor-pointer', labelClassName)}>
          {label}
        </label>
        <span id={`${id}-what`} className={cn('text-xs text-muted-foreground', descriptionClassName)}>
          {description}
        </span>
      </div>
    </div>
  );
}
