import { Settings } from 'lucide-react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/site.ts';
import { SignInMethodsCard } from '../components/SignInMethodsCard.tsx';

const DESCRIPTION = 'Keep your professional profile, photo and CV up to date, change your password and set your preferences.';
const UPCOMING = ['Profile information, photo and CV', 'Skills and endorsements', 'Security: change password', 'Networking preferences'];

/** Profile settings (/profile-settings): sign-in methods now; the rest is a placeholder until the profile release. */
export function ProfileSettingsPage() {
  useDocumentTitle('Profile Settings');
  return (
    <>
      <PageHeader title="Profile Settings" description={DESCRIPTION} />
      <SignInMethodsCard />
      <Card className="mt-6 flex flex-col items-center px-6 py-12 text-center">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <Settings className="size-6" aria-hidden />
        </div>
        <Badge variant="secondary" className="mt-5">
          Coming soon in this release
        </Badge>
        <h2 className="mt-3 text-lg font-semibold">More settings are on their way</h2>
        <ul className="mt-5 grid w-full max-w-lg gap-2 text-left text-sm sm:grid-cols-2">
          {UPCOMING.map((f) => (
            <li key={f} className="rounded-lg border border-border bg-muted/50 px-3 py-2 text-muted-foreground">
              {f}
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
