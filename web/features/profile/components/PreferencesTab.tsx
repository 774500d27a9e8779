import { Users } from 'lucide-react';
import { useId } from 'react';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { DataExportCard } from './DataExportCard.tsx';
import { DeleteAccountCard } from './DeleteAccountCard.tsx';
import { EmailNotificationsCard } from './EmailNotificationsCard.tsx';
import { profileDefaults } from './ProfileInfoTab.tsx';
import { PushNotificationsCard } from './PushNotificationsCard.tsx';

/** Available for Networking: saved at once when switched (the saved profile with only the flag changed). */
function NetworkingCard({ user }: { user: CurrentUser }) {
  const id = useId();
  const update = useUpdateProfile();
  const checked = update.isPending && update.variables?.availableForNetworking !== undefined ? update.variables.availableForNetworking : user.availableForNetworking;
  const toggle = (on: boolean) =>
    update.mutate(
      { ...profileDefaults(user), availableForNetworking: on },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Profile updated!' }),
        onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update profile. Please try again.' }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Users className="size-4" aria-hidden /> Networking
        </CardTitle>
      </CardHeader>
      <CardContent className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={`${id}-switch`} className="cursor-pointer text-sm font-medium">
            Available for Networking
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Show your profile in the member directory and in other members’ recommendations. Switch it off to be hidden from both.
          </p>
        </div>
        <Switch id={`${id}-switch`} checked={checked} onCheckedChange={toggle} disabled={update.isPending} aria-describedby={`${id}-hint`} />
      </CardContent>
    </Card>
  );
}

/** Preferences: networking visibility, e-mail and push notifications, data export and account deletion. */
export function PreferencesTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6">
      <NetworkingCard user={user} />
      <EmailNotificationsCard />
      <PushNotificationsCard />
      <DataExportCard />
      <DeleteAccountCard user={user} />
    </div>
  );
}
