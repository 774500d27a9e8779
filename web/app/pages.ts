import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen loaded on first use; `preload()` starts fetching its chunk early (it is fetched once either way). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** React.lazy for a named export, so every screen is its own chunk. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyPage {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: load },
  );
}

export const LoginPage = page(() => import('../features/auth/pages/LoginPage.tsx'), 'LoginPage');
export const RegisterPage = page(() => import('../features/auth/pages/RegisterPage.tsx'), 'RegisterPage');
export const ForgotPasswordPage = page(() => import('../features/auth/pages/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
export const ResetPasswordPage = page(() => import('../features/auth/pages/ResetPasswordPage.tsx'), 'ResetPasswordPage');
export const ApplicationStatusPage = page(() => import('../features/application-status/pages/ApplicationStatusPage.tsx'), 'ApplicationStatusPage');
export const DashboardPage = page(() => import('../features/dashboard/pages/DashboardPage.tsx'), 'DashboardPage');
export const LeadsPage = page(() => import('../features/leads/pages/LeadsPage.tsx'), 'LeadsPage');
export const SubmitLeadPage = page(() => import('../features/leads/pages/SubmitLeadPage.tsx'), 'SubmitLeadPage');
export const LeadPage = page(() => import('../features/leads/pages/LeadPage.tsx'), 'LeadPage');
export const PipelinePage = page(() => import('../features/pipeline/pages/PipelinePage.tsx'), 'PipelinePage');
export const CommissionsPage = page(() => import('../features/commissions/pages/CommissionsPage.tsx'), 'CommissionsPage');
export const LeaderboardPage = page(() => import('../features/leaderboard/pages/LeaderboardPage.tsx'), 'LeaderboardPage');
export const CommunityPage = page(() => import('../features/community/pages/CommunityPage.tsx'), 'CommunityPage');
export const ProfileSettingsPage = page(() => import('../features/profile/pages/ProfileSettingsPage.tsx'), 'ProfileSettingsPage');
export const ProfilePage = page(() => import('../features/profile/pages/ProfilePage.tsx'), 'ProfilePage');
export const MentorMatchingPage = page(() => import('../features/mentoring/pages/MentorMatchingPage.tsx'), 'MentorMatchingPage');
export const CpPlusPage = page(() => import('../features/cp-plus/pages/CpPlusPage.tsx'), 'CpPlusPage');
export const EventsPage = page(() => import('../features/events/pages/EventsPage.tsx'), 'EventsPage');
export const ChatPage = page(() => import('../features/chat/pages/ChatPage.tsx'), 'ChatPage');
export const TimesheetsPage = page(() => import('../features/timesheets/pages/TimesheetsPage.tsx'), 'TimesheetsPage');
export const NotificationsPage = page(() => import('../features/notifications/pages/NotificationsPage.tsx'), 'NotificationsPage');
export const UnsubscribePage = page(() => import('../features/notifications/pages/UnsubscribePage.tsx'), 'UnsubscribePage');
export const AdminPanelPage = page(() => import('../features/admin/pages/AdminPanelPage.tsx'), 'AdminPanelPage');
export const ApplicationReviewPage = page(() => import('../features/applications/pages/ApplicationReviewPage.tsx'), 'ApplicationReviewPage');
export const NotFoundPage = page(() => import('./NotFoundPage.tsx'), 'NotFoundPage');
