import { GraduationCap } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Mentor matching (/mentor-matching): placeholder until the mentoring release. */
export function MentorMatchingPage() {
  return (
    <ComingSoon
      title="Mentor Matching"
      icon={GraduationCap}
      description="Find a mentor matched to your industries and expertise, or become one yourself."
      features={['Discover mentors with match scores', 'Request mentorship', 'Track your requests', 'Become a mentor']}
    />
  );
}
