import { Users } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';

/** Community Hub (/community): placeholder until the community release. */
export function CommunityPage() {
  return (
    <ComingSoon
      title="Community Hub"
      icon={Users}
      description="Share insights with fellow executives, find members in the directory and follow your progress."
      features={['Discussion feed', 'Member directory and connections', 'Skill endorsements', 'My Progress: points and achievements']}
    />
  );
}
