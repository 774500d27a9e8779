import { Bell } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Notifications (from the user menu): placeholder until notifications are delivered. */
export function NotificationsPage() {
  return <ComingSoon title="Notifications" icon={Bell} description="Updates on your leads, connection requests, events and mentoring, all in one place." />;
}
