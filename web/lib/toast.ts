import { useSyncExternalStore, type ReactNode } from 'react';
import { UI } from '../../common/constants/limits.ts';

/**
 * A tiny toast store (shadcn's use-toast, simplified): at most one toast is visible; a dismissed toast stays in
 * memory for the removal delay (UI.toastRemoveDelayMs) so Radix can animate it out.
 */
const TOAST_LIMIT = 1;

interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive' | 'success';
  open: boolean;
}

type Listener = () => void;
let toasts: ToastData[] = [];
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit() {
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, UI.toastRemoveDelayMs),
  );
}

/** Closes one toast, or all of them. */
export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
  emit();
}

/** Shows a toast; the newest replaces any other (one at a time). */
export function toast(input: Omit<ToastData, 'id' | 'open'>): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts to render (used by the Toaster only). */
export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
