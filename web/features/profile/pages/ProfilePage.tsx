import { UserRound } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** My Profile (/profile), linked from the dashboard: placeholder until the profile release. */
export function ProfilePage() {
  return (
    <ComingSoon
      title="My Profile"
      icon={UserRound}
      description="Your professional profile as other members see it: experience, expertise, industries and endorsements."
    />
  );
}
