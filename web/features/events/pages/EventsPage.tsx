import { CalendarDays } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Community Events (/events): placeholder until the events release. */
export function EventsPage() {
  return (
    <ComingSoon
      title="Community Events"
      icon={CalendarDays}
      description="Browse webinars, in-person and hybrid events for members, and register with one click."
      features={['Networking, training and conference events', 'Register and unregister', 'Event details and joining links', 'Share on LinkedIn']}
    />
  );
}
