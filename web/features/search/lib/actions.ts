import type { GlobalAbilities } from '../../../../common/schemas/abilities.ts';

/** A page or action of the product the palette opens, matched in the browser. */
export interface PaletteAction {
  id: string;
  title: string;
  /** Where it is, shown under the title. */
  subtitle: string;
  url: string;
  /** Other words that find it. */
  keywords?: string;
  /** Shown only to those the ability allows (the same flags the navigation and the Admin Panel's tabs read). */
  needs?: keyof GlobalAbilities;
}

/** The product's screens and their tabs, in the order they are offered when several match. */
export const PALETTE_ACTIONS: PaletteAction[] = [
  { id: 'submit-lead', title: 'Submit lead', subtitle: 'Refer a new lead', url: '/submit-lead', keywords: 'new referral add', needs: 'submitLeads' },
  { id: 'dashboard', title: 'Dashboard', subtitle: 'Page', url: '/dashboard', keywords: 'home overview' },
  { id: 'leads', title: 'My Leads', subtitle: 'Page', url: '/leads', keywords: 'referrals' },
  { id: 'pipeline', title: 'Pipeline', subtitle: 'Page', url: '/pipeline', keywords: 'kanban board stages' },
  { id: 'commissions', title: 'Commission Tracker', subtitle: 'Page', url: '/commissions', keywords: 'earnings money' },
  { id: 'my-payouts', title: 'My payouts', subtitle: 'Commission Tracker', url: '/commissions?tab=payouts', keywords: 'statements earnings' },
  { id: 'community', title: 'Community Hub', subtitle: 'Page', url: '/community', keywords: 'feed' },
  { id: 'feed', title: 'Discussion Feed', subtitle: 'Community Hub', url: '/community?tab=feed', keywords: 'posts' },
  { id: 'members', title: 'Members', subtitle: 'Community Hub → Member Directory', url: '/community?tab=directory', keywords: 'directory people network' },
  { id: 'achievements', title: 'My Progress', subtitle: 'Community Hub', url: '/community?tab=achievements', keywords: 'achievements points levels' },
  { id: 'chat', title: 'Chat', subtitle: 'Page', url: '/chat', keywords: 'messages channels conversations' },
  { id: 'events', title: 'Events', subtitle: 'Page', url: '/events', keywords: 'calendar meetups' },
  { id: 'leaderboard', title: 'Leaderboard', subtitle: 'Page', url: '/leaderboard', keywords: 'rankings hall of fame' },
  { id: 'mentoring', title: 'Mentor Matching', subtitle: 'Page', url: '/mentor-matching', keywords: 'mentors mentorship' },
  { id: 'timesheets', title: 'Timesheets', subtitle: 'Page', url: '/timesheets', keywords: 'placements hours' },
  { id: 'cp-plus', title: 'CP+', subtitle: 'Page', url: '/cp-plus', keywords: 'premium' },
  { id: 'notifications', title: 'Notifications', subtitle: 'Page', url: '/notifications' },
  { id: 'profile', title: 'My Profile', subtitle: 'Page', url: '/profile' },
  { id: 'profile-settings', title: 'Profile Settings', subtitle: 'Page', url: '/profile-settings', keywords: 'account' },
  { id: 'security', title: 'Security', subtitle: 'Profile Settings', url: '/profile-settings?tab=security', keywords: 'password two-factor sessions tokens' },
  { id: 'payout-details', title: 'Payout details', subtitle: 'Profile Settings', url: '/profile-settings?tab=payouts', keywords: 'bank paypal' },
  { id: 'preferences', title: 'Preferences', subtitle: 'Profile Settings', url: '/profile-settings?tab=preferences', keywords: 'e-mail notifications push' },
  { id: 'admin-panel', title: 'Admin Panel', subtitle: 'Page', url: '/admin', keywords: 'administration', needs: 'adminPanel' },
  { id: 'admin-users', title: 'User Management', subtitle: 'Admin Panel', url: '/admin?tab=users', keywords: 'members accounts invite', needs: 'manageUsers' },
  { id: 'admin-applications', title: 'Applications', subtitle: 'Admin Panel', url: '/admin?tab=applications', keywords: 'review approve', needs: 'reviewApplications' },
  {
    id: 'payout-runs',
    title: 'Payout runs',
    subtitle: 'Admin Panel → Commission Payouts',
    url: '/admin?tab=commissions',
    keywords: 'commission payouts pay',
    needs: 'payCommissions',
  },
  { id: 'admin-moderation', title: 'Moderation', subtitle: 'Admin Panel', url: '/admin?tab=moderation', keywords: 'reports hidden', needs: 'adminPanel' },
  { id: 'admin-audit', title: 'Audit log', subtitle: 'Admin Panel', url: '/admin?tab=audit', needs: 'adminPanel' },
  { id: 'admin-analytics', title: 'Analytics', subtitle: 'Admin Panel', url: '/admin?tab=analytics', keywords: 'charts', needs: 'adminPanel' },
  {
    id: 'admin-integrations',
    title: 'Integrations',
    subtitle: 'Admin Panel',
    url: '/admin?tab=integrations',
    keywords: 'api tokens webhooks imports',
    needs: 'adminPanel',
  },
  { id: 'admin-security', title: 'Security settings', subtitle: 'Admin Panel', url: '/admin?tab=security', needs: 'manageSecuritySettings' },
];

/** The pages and actions the viewer may open whose title (or keywords) contain every word of the text; titles starting with it first. */
export function matchActions(text: string, can: GlobalAbilities, limit = 5): PaletteAction[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const words = q.split(/\s+/);
  const allowed = PALETTE_ACTIONS.filter((a) => !a.needs || can[a.needs]);
  const hits = allowed.filter((a) => {
    const hay = `${a.title} ${a.subtitle} ${a.keywords ?? ''}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
  const starts = (a: PaletteAction) => (a.title.toLowerCase().startsWith(q) ? 0 : a.title.toLowerCase().includes(q) ? 1 : 2);
  return hits.sort((a, b) => starts(a) - starts(b)).slice(0, limit);
}
