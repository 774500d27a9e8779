import { CircleAlert, CircleCheck } from 'lucide-react';
import { UI } from '../../common/constants/limits.ts';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '../components/ui/toast.tsx';
import { dismissToast, useToasts } from '../lib/toast.ts';

/**
 * The toast area: one toast at a time, shown for 5000 ms, swipe right 50 px to dismiss,
 * F8 moves focus to it (Radix's default hotkey).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={UI.toastDurationMs} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, open }) => (
        <Toast key={id} open={open} variant={variant} onOpenChange={(o) => !o && dismissToast(id)}>
          {variant === 'destructive' ? (
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          ) : (
            <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          )}
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
