import { Award, Banknote, Settings2, Shield, ShieldAlert, UserRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { PayoutDetailsCard } from '../components/PayoutDetailsCard.tsx';
import { PreferencesTab } from '../components/PreferencesTab.tsx';
import { ProfileInfoTab } from '../components/ProfileInfoTab.tsx';
import { SecurityTab } from '../components/SecurityTab.tsx';
import { SkillsTab } from '../components/SkillsTab.tsx';

const DESCRIPTION = 'Keep your professional profile, photo and CV up to date, change your password and set your preferences.';
const TABS = ['profile', 'skills', 'security', 'payouts', 'preferences'] as const;
type Tab = (typeof TABS)[number];

/**
 * Profile settings (/profile-settings): Profile Information, Skills & Endorsements, Security, Payout Details and Preferences. The
 * tab is in the address (?tab=security) so it can be linked to; coming back from linking a sign-in provider
 * (?linked= or ?notice=) opens Security, where that result is shown.
 */
export function ProfileSettingsPage() {
  useDocumentTitle('Profile Settings');
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const fromLinking = params.has('linked') || params.has('notice');
  const tab: Tab = (TABS as readonly string[]).includes(asked) ? (asked as Tab) : fromLinking ? 'security' : 'profile';
  const setTab = (t: string) => setParams(t === 'profile' ? {} : { tab: t }, { replace: true });
  if (!user) return null;
  if (user.twoFactorSetupRequired) return <TwoFactorRequired />;

  return (
    <>
      <PageHeader title="Profile Settings" description={DESCRIPTION} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Profile settings sections" className="w-full justify-start">
          <TabsTrigger value="profile">
            <UserRound aria-hidden /> Profile Information
          </TabsTrigger>
          <TabsTrigger value="skills">
            <Award aria-hidden /> Skills &amp; Endorsements
          </TabsTrigger>
          <TabsTrigger value="security">
            <Shield aria-hidden /> Security
          </TabsTrigger>
          <TabsTrigger value="payouts">
            <Banknote aria-hidden /> Payout Details
          </TabsTrigger>
          <TabsTrigger value="preferences">
            <Settings2 aria-hidden /> Preferences
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileInfoTab user={user} />
        </TabsContent>
        <TabsContent value="skills">
          <SkillsTab user={user} onEditProfile={() => setTab('profile')} />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="payouts">
          <PayoutDetailsCard />
        </TabsContent>
        <TabsContent value="preferences">
          <PreferencesTab user={user} />
        </TabsContent>
      </Tabs>
    </>
  );
}

/**
 * An administrator whose account must turn on two-factor sign-in (an admin setting): every other screen leads
 * here, and only the set-up is offered until it is on.
 */
function TwoFactorRequired() {
  return (
    <>
      <PageHeader title="Profile Settings" description="Security" />
      <div role="alert" className="mb-6 flex items-start gap-3 rounded-xl border border-warning/30 bg-warning-soft px-4 py-3.5 text-sm">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div>
          <p className="font-semibold">Turn on two-factor sign-in to continue</p>
          <p className="mt-0.5 text-muted-foreground">
            Administrator accounts must use a code from an authenticator app as well as a password. Set it up below; the rest of the platform opens as soon as it is on.
          </p>
        </div>
      </div>
      <SecurityTab />
    </>
  );
}
