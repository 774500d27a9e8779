import { RefreshCw, ServerCrash } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { CurrentUser } from '../../common/schemas/user.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useCurrentUser } from '../lib/auth.ts';
import * as P from './pages.ts';
import { AppShell } from './shell/AppShell.tsx';

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
        <Route path="*" element={<Navigate to="/login" replace state={location.pathname === '/' ? undefined : { from: location.pathname + location.search }} />} />
      </Routes>
    </Suspense>
  );
}

function AdminOnly({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return user.can.adminPanel ? children : <Navigate to="/dashboard" replace />;
}

function MemberRoutes({ user }: { user: CurrentUser }) {
  return (
    <Routes>
      <Route element={<AppShell user={user} />}>
        <Route index element={<P.DashboardPage />} />
        <Route path="dashboard" element={<P.DashboardPage />} />
        <Route path="leads" element={<P.LeadsPage />} />
        <Route path="submit-lead" element={<P.SubmitLeadPage />} />
        <Route path="pipeline" element={<P.PipelinePage />} />
        <Route path="commissions" element={<P.CommissionsPage />} />
        <Route path="leaderboard" element={<P.LeaderboardPage />} />
        <Route path="community" element={<P.CommunityPage />} />
        <Route path="profile-settings" element={<P.ProfileSettingsPage />} />
        <Route path="profile" element={<P.ProfilePage />} />
        <Route path="mentor-matching" element={<P.MentorMatchingPage />} />
        <Route path="cp-plus" element={<P.CpPlusPage />} />
        <Route path="events" element={<P.EventsPage />} />
        <Route path="notifications" element={<P.NotificationsPage />} />
        <Route
          path="admin"
          element={
            <AdminOnly user={user}>
              <P.AdminPanelPage />
            </AdminOnly>
          }
        />
        <Route
          path="admin/applications"
          element={
            <AdminOnly user={user}>
              <P.ApplicationReviewPage />
            </AdminOnly>
          }
        />
        {/* just signed in or registered from one of these screens: go on to the app */}
        <Route path="login" element={<AfterSignIn />} />
        <Route path="register" element={<AfterSignIn />} />
        <Route path="*" element={<P.NotFoundPage />} />
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
