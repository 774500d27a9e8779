import { RefreshCw, ServerCrash } from 'lucide-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { CurrentUser } from '../../common/schemas/user.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useCurrentUser } from '../lib/auth.ts';
import { useOnline } from '../lib/online.ts';
import { OfflineScreen } from './OfflineNotice.tsx';
import * as P from './pages.ts';
import { ShellSkeleton } from './shell/ShellSkeleton.tsx';

// The signed-in frame (header, navigation, menus and the Radix parts they use) is its own chunk: the sign-in
// page never loads it.
const loadShell = () => import('./shell/AppShell.tsx');
const AppShell = lazy(async () => ({ default: (await loadShell()).AppShell }));
const VerifyEmailPage = lazy(async () => ({ default: (await import('../features/auth/pages/VerifyEmailPage.tsx')).VerifyEmailPage }));

/** A full-screen spinner: shown while the signed-in state loads, instead of any screen. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

/**
 * The route table, decided by who is visiting: signed out (login and register only), pending or rejected (the
 * application status screen only), or an approved member (admin screens for admin and master-admin only).
 */
export function AppRoutes() {
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const online = useOnline();
  usePreloadAddress();
  // opened without a connection: nothing about the visitor is known, and nothing kept is shown in its place
  if (me.data === undefined && !online) return <OfflineScreen onRetry={() => void me.refetch()} />;
  if (me.isLoading) return <FullPageSpinner />;
  // the one page every visitor reaches, whatever their state: the link of the verification e-mail
  // (docs/decisions/0008-account-linking-and-email-verification.md)
  if (pathname === '/verify-email') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <VerifyEmailPage />
      </Suspense>
    );
  }
  // and the link of a password reset or invitation e-mail: whoever is signed in, the link decides whose password it sets
  if (pathname === '/reset-password') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <P.ResetPasswordPage />
      </Suspense>
    );
  }
  // and the unsubscribe link of notification e-mails: no sign-in, the link itself is the proof
  if (pathname === '/unsubscribe') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <P.UnsubscribePage />
      </Suspense>
    );
  }
  if (me.isError && me.data === undefined) return <ServerUnavailable onRetry={() => void me.refetch()} />;
  const user = me.data;
  if (!user) return <SignedOutRoutes />;
  if (user.accountStatus !== 'approved') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <P.ApplicationStatusPage />
      </Suspense>
    );
  }
  return <MemberRoutes user={user} />;
}

function SignedOutRoutes() {
  const location = useLocation();
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Routes>
        <Route path="/login" element={<P.LoginPage />} />
        <Route path="/register" element={<P.RegisterPage />} />
        <Route path="/forgot-password" element={<P.ForgotPasswordPage />} />
        <Route path="*" element={<Navigate to="/login" replace state={location.pathname === '/' ? undefined : { from: location.pathname + location.search }} />} />
      </Routes>
    </Suspense>
  );
}

function AdminOnly({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return user.can.adminPanel ? children : <Navigate to="/dashboard" replace />;
}

/** The member screens by path; `admin` ones are for admins and master-admins only. */
const MEMBER_SCREENS: { path: string; Page: P.LazyPage; admin?: boolean }[] = [
  { path: 'dashboard', Page: P.DashboardPage },
  { path: 'leads', Page: P.LeadsPage },
  { path: 'leads/:id', Page: P.LeadPage },
  { path: 'submit-lead', Page: P.SubmitLeadPage },
  { path: 'pipeline', Page: P.PipelinePage },
  { path: 'commissions', Page: P.CommissionsPage },
  { path: 'leaderboard', Page: P.LeaderboardPage },
  { path: 'community', Page: P.CommunityPage },
  { path: 'profile-settings', Page: P.ProfileSettingsPage },
  { path: 'profile', Page: P.ProfilePage },
  { path: 'mentor-matching', Page: P.MentorMatchingPage },
  { path: 'cp-plus', Page: P.CpPlusPage },
  { path: 'events', Page: P.EventsPage },
  { path: 'notifications', Page: P.NotificationsPage },
  { path: 'chat', Page: P.ChatPage },
  { path: 'chat/:channelId', Page: P.ChatPage },
  { path: 'timesheets', Page: P.TimesheetsPage },
  { path: 'timesheets/:id', Page: P.TimesheetsPage },
  { path: 'admin', Page: P.AdminPanelPage, admin: true },
  { path: 'admin/applications', Page: P.ApplicationReviewPage, admin: true },
];

/**
 * Starts loading the shell and the screen at this path together, so the screen's chunk does not wait for the
 * shell's to arrive and render its outlet first.
 */
function usePreloadScreen(pathname: string) {
  useEffect(() => {
    void loadShell();
    const path = pathname.replace(/^\/+|\/+$/g, '');
    const screen = path === '' || path === 'login' || path === 'register' ? P.DashboardPage : memberScreenAt(path);
    void screen?.preload();
  }, [pathname]);
}

function memberScreenAt(path: string): P.LazyPage | undefined {
  // a conversation's address loads the Chat screen
  if (path.startsWith('chat/')) return P.ChatPage;
  // a lead's address loads the lead's own page
  if (path.startsWith('leads/')) return P.LeadPage;
  // and a timesheet's address the Timesheets screen
  if (path.startsWith('timesheets/')) return P.TimesheetsPage;
  return MEMBER_SCREENS.find((s) => s.path === path)?.Page;
}

/**
 * On the first load, fetches the screen the address names while the server is still answering who is visiting,
 * instead of after: the sign-in or registration page at their addresses, the shell and the screen at a member's
 * address. ('/' could be either, so it waits for the answer.)
 */
function usePreloadAddress() {
  useEffect(() => {
    const path = window.location.pathname.replace(/^\/+|\/+$/g, '');
    if (path === 'login') void P.LoginPage.preload();
    else if (path === 'register') void P.RegisterPage.preload();
    else if (memberScreenAt(path)) {
      void loadShell();
      void memberScreenAt(path)?.preload();
    }
  }, []);
}

function MemberRoutes({ user }: { user: CurrentUser }) {
  usePreloadScreen(useLocation().pathname);
  // an administrator who must turn on two-factor sign-in first: the server answers nothing else until it is on
  if (user.twoFactorSetupRequired) return <TwoFactorSetupRoutes user={user} />;
  return (
    <Routes>
      <Route
        element={
          <Suspense fallback={<ShellSkeleton />}>
            <AppShell user={user} />
          </Suspense>
        }
      >
        <Route index element={<P.DashboardPage />} />
        {MEMBER_SCREENS.map(({ path, Page, admin }) => (
          <Route
            key={path}
            path={path}
            element={
              admin ? (
                <AdminOnly user={user}>
                  <Page />
                </AdminOnly>
              ) : (
                <Page />
              )
            }
          />
        ))}
        {/* just signed in or registered from one of these screens: go on to the app */}
        <Route path="login" element={<AfterSignIn />} />
        <Route path="register" element={<AfterSignIn />} />
        <Route path="*" element={<P.NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Only Profile Settings → Security, where the set-up is; every other address leads there. */
function TwoFactorSetupRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route
        element={
          <Suspense fallback={<ShellSkeleton />}>
            <AppShell user={user} />
          </Suspense>
        }
      >
        <Route path="profile-settings" element={<P.ProfileSettingsPage />} />
        <Route path="*" element={<Navigate to="/profile-settings?tab=security" replace />} />
      </Route>
    </Routes>
  );
}

/** Just signed in (or registered) on /login or /register: go to the page first asked for, or the dashboard. */
function AfterSignIn() {
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !/^\/(login|register)\b/.test(from) ? from : '/dashboard';
  return <Navigate to={target} replace />;
}

function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="max-w-sm text-center">
        <ServerCrash className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <h1 className="mt-4 text-lg font-semibold">We can’t reach the server</h1>
        <p className="mt-2 text-sm text-muted-foreground">Please check your connection and try again.</p>
        <Button className="mt-6" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    </main>
  );
}
