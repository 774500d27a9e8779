import {
  CalendarDays,
  Crown,
  LayoutDashboard,
  ListChecks,
  MessagesSquare,
  PoundSterling,
  Send,
  Settings,
  Timer,
  ShieldCheck,
  SquareKanban,
  Trophy,
  Users,
  type LucideIcon,
} from 'lucide-react';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  adminOnly?: boolean;
  /** Also active on these paths (the dashboard is / as well). */
  alsoActiveOn?: string[];
  /** Shows the member's unread chat messages as a count. */
  chatUnread?: boolean;
}

/** Every navigation link, in the sidebar's order (Admin Panel for admins only). */
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, alsoActiveOn: ['/'] },
  { to: '/leads', label: 'My Leads', icon: ListChecks },
  { to: '/submit-lead', label: 'Submit Lead', icon: Send },
  { to: '/community', label: 'Community Hub', icon: Users },
  { to: '/chat', label: 'Chat', icon: MessagesSquare, chatUnread: true },
  { to: '/cp-plus', label: 'CP+', icon: Crown },
  { to: '/pipeline', label: 'Pipeline', icon: SquareKanban },
  { to: '/commissions', label: 'Commission Tracker', icon: PoundSterling },
  { to: '/timesheets', label: 'Timesheets', icon: Timer },
  { to: '/leaderboard', label: 'Leaderboard', icon: Trophy },
  { to: '/events', label: 'Events', icon: CalendarDays },
  { to: '/profile-settings', label: 'Profile Settings', icon: Settings },
  { to: '/admin', label: 'Admin Panel', icon: ShieldCheck, adminOnly: true },
];

/** The top navigation has these five items only. */
export const TOP_NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, alsoActiveOn: ['/'] },
  { to: '/leads', label: 'My Leads', icon: ListChecks },
  { to: '/submit-lead', label: 'Submit Lead', icon: Send },
  { to: '/community', label: 'Community', icon: Users },
  { to: '/cp-plus', label: 'CP+', icon: Crown },
];

/** Whether a link is the current page (or a parent of it: /admin is active on /admin/applications). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.alsoActiveOn?.includes(pathname)) return true;
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
