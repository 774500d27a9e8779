import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes } from './routes.tsx';
import { Toaster } from './Toaster.tsx';

/** Providers around the whole client: data cache, router, tooltips and the toast area. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <TooltipProvider delayDuration={250}>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
          <Toaster />
        </TooltipProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
