import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { useToasts } from '../lib/toast.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { OfflineBanner } from './OfflineNotice.tsx';
import { AppRoutes } from './routes.tsx';

const loadToaster = () => import('./Toaster.tsx');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/** Providers around the whole client: data cache, router and the toast area (tooltips are the shell's). */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
        <ToastArea />
        <OfflineBanner />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

/**
 * The toast area, kept out of the first load: its chunk (Radix Toast) is fetched once the page is idle, and the
 * Toaster mounts with the first toast and stays mounted, so later toasts animate in and out as usual.
 */
function ToastArea() {
  const hasToast = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  if (hasToast && !mounted) setMounted(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void loadToaster());
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
