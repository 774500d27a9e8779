import { Bell, Download, Users } from 'lucide-react';
import { useId } from 'react';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { profileDefaults } from './ProfileInfoTab.tsx';

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

/** A setting a later release delivers, clearly marked as such. */
function ComingSoonCard({
  icon: Icon,
  title,
  description,
  action,
  onAction,
}: {
  icon: typeof Bell;
  title: string;
  description: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Icon className="size-4" aria-hidden /> {title}
          </CardTitle>
          <Badge variant="secondary">Coming soon</Badge>
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onAction}>
          {action}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Preferences: networking visibility, e-mail notifications and data export. */
export function PreferencesTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6">
      <NetworkingCard user={user} />
      <div className="grid gap-6 md:grid-cols-2">
        <ComingSoonCard
          icon={Bell}
          title="Email Notifications"
          description="Choose which updates about your leads, commissions and community activity reach your inbox."
          action="Configure"
          onAction={() => toast({ title: 'Coming soon', description: 'Email notification settings are coming soon.' })}
        />
        <ComingSoonCard
          icon={Download}
          title="Data Export"
          description="Download a copy of your profile, leads and commissions."
          action="Export My Data"
          onAction={() => toast({ title: 'Data export requested', description: 'You will receive an email with download instructions shortly.' })}
        />
      </div>
    </div>
  );
}
