import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { CurrentUser } from '../../../common/schemas/user.ts';
import { ConfirmIdentityDialog } from '../../components/confirm-identity-dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { BackToTop } from './BackToTop.tsx';
import { Header } from './Header.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { ScrollProgress } from './ScrollProgress.tsx';
import { readSidebarCollapsed, writeSidebarCollapsed } from './sidebar-flag.ts';
import { Sidebar } from './Sidebar.tsx';
import { useLiveConnection } from './useLiveConnection.ts';
import { useRenewPushSubscription } from '../../lib/push.ts';

/** The signed-in frame: header, top navigation, sidebar, mobile menu, scroll helpers. */
export function AppShell({ user }: { user: CurrentUser }) {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  // live events for approved members; an administrator who must set up two-factor sign-in first is refused them
  useLiveConnection(!user.twoFactorSetupRequired);
  // this browser's push subscription ends with each session: stored again for this one
  useRenewPushSubscription(!user.twoFactorSetupRequired);
  // a new route closes the mobile menu (state adjusted while rendering, not in an effect) and starts at the top
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMobileOpen(false);
  }
  useEffect(() => {
    // a block body: browsers whose scrollTo returns a promise must not hand React a non-function cleanup
    window.scrollTo({ top: 0 });
  }, [pathname]);

  const toggleSidebar = () => {
    setCollapsed((c) => {
      writeSidebarCollapsed(!c);
      return !c;
    });
  };

  return (
    // the tooltips live in the shell only (the collapsed sidebar's names, admin actions): the provider too
    <TooltipProvider delayDuration={250}>
      <div className="min-h-dvh bg-background">
        <a
          href="#main-content"
          className="sr-only z-[70] rounded-md bg-card px-4 py-2 text-sm font-medium shadow-raised focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
        >
          Skip to main content
        </a>
        <ScrollProgress />
        <Header user={user} menuOpen={mobileOpen} onOpenMenu={() => setMobileOpen(true)} />
        <div className="flex">
          <Sidebar user={user} collapsed={collapsed} onToggle={toggleSidebar} />
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 px-4 pb-16 pt-6 focus:outline-none sm:px-6 lg:px-10 lg:pt-8">
            <div className="mx-auto w-full max-w-6xl">
              <ErrorBoundary key={boundaryKey(pathname)}>
                <Suspense
                  fallback={
                    <div className="flex min-h-[50vh] items-center justify-center">
                      <Spinner className="size-7" />
                    </div>
                  }
                >
                  <Outlet />
                </Suspense>
              </ErrorBoundary>
            </div>
          </main>
        </div>
        <MobileMenu user={user} open={mobileOpen} onOpenChange={setMobileOpen} />
        {/* every change the server wants confirmed first waits on this one dialog, then is sent again */}
        <ConfirmIdentityDialog />
        <BackToTop />
      </div>
    </TooltipProvider>
  );
}

/** The error boundary starts afresh on each screen; the conversations of Chat are one screen. */
function boundaryKey(pathname: string): string {
  return pathname.startsWith('/chat/') ? '/chat' : pathname;
}
