import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';

/**
 * Catches a screen that fails to render or to load (e.g. a code chunk gone after a new release) and offers a
 * reload instead of a blank page. Give it a `key` that changes with the route so it resets on navigation.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex min-h-[50vh] items-center justify-center p-6">
        <div className="max-w-sm text-center">
          <TriangleAlert className="mx-auto size-9 text-warning" aria-hidden />
          <h1 className="mt-4 text-lg font-semibold">This page could not be displayed</h1>
          <p className="mt-2 text-sm text-muted-foreground">A new version may have been released, or the connection was interrupted. Reloading usually fixes it.</p>
          <Button className="mt-6" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden /> Reload page
          </Button>
        </div>
      </div>
    );
  }
}
