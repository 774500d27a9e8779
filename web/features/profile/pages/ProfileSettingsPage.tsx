import { Settings } from 'lucide-react';
import { ComingSoon } from '../../../components/coming-soon.tsx';
import { SignInMethodsCard } from '../components/SignInMethodsCard.tsx';

/** Profile settings (/profile-settings): sign-in methods now; the rest is a placeholder until the profile release. */
export function ProfileSettingsPage() {
  return (
    <>
      <ComingSoon
        title="Profile Settings"
        icon={Settings}
        description="Keep your professional profile, photo and CV up to date, change your password and set your preferences."
        features={['Profile information, photo and CV', 'Skills and endorsements', 'Security: change password', 'Networking preferences']}
      />
      <SignInMethodsCard />
    </>
  );
}
