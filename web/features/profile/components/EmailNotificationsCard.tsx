import { Bell, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { EMAIL_PREFERENCE_CATEGORIES, type EmailFrequency, type EmailPreferenceType } from '../../../../common/constants/notifications.ts';
import type { NotificationPreferences } from '../../../../common/schemas/account.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { errorDetail } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/account.ts';

const FREQUENCIES: { value: EmailFrequency; label: string; hint: string }[] = [
  { value: 'immediate', label: 'Immediately', hint: 'One e-mail for each notification.' },
  { value: 'daily', label: 'Daily digest', hint: 'One e-mail a day with everything new.' },
];

function PreferencesSkeleton() {
  return (
    <div className="grid gap-4" aria-hidden>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center justify-between gap-4">
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-64 max-w-full" />
          </div>
          <Skeleton className="h-6 w-11 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** The switches and frequency, edited as a draft and saved together. */
function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const id = useId();
  const save = useSaveNotificationPreferences();
  const [types, setTypes] = useState<Set<EmailPreferenceType>>(() => new Set(saved.emailTypes));
  const [frequency, setFrequency] = useState<EmailFrequency>(saved.emailFrequency);
  const categories = EMAIL_PREFERENCE_CATEGORIES.filter((c) => saved.available.includes(c.id));
  const dirty = frequency !== saved.emailFrequency || categories.some((c) => types.has(c.id) !== saved.emailTypes.includes(c.id));

  const toggle = (type: EmailPreferenceType, on: boolean) =>
    setTypes((prev) => {
      const next = new Set(prev);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
  const submit = () =>
    save.mutate(
      { emailTypes: [...types], emailFrequency: frequency },
      {
        onSuccess: () => toast({ variant: 'success', title: 'Email preferences saved' }),
        onError: (err) => toast({ variant: 'destructive', title: 'Error', description: errorDetail(err, 'Failed to save your email preferences. Please try again.') }),
      },
    );

  return (
    <form
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <ul className="grid gap-4" aria-label="Email notification types">
        {categories.map((c) => {
          const locked = 'locked' in c && c.locked;
          const switchId = `${id}-${c.id}`;
          return (
            <li key={c.id} className="flex items-start justify-between gap-4">
              <div className="grid gap-0.5">
                <label htmlFor={switchId} className="cursor-pointer text-sm font-medium">
                  {c.label}
                </label>
                <p id={`${switchId}-hint`} className="text-sm text-muted-foreground">
                  {c.description}
                </p>
              </div>
              <Switch
                id={switchId}
                checked={locked || types.has(c.id)}
                disabled={locked || save.isPending}
                onCheckedChange={(on) => toggle(c.id, on)}
                aria-describedby={`${switchId}-hint`}
              />
            </li>
          );
        })}
      </ul>
      <fieldset className="grid gap-2" disabled={save.isPending}>
        <legend className="mb-2 text-sm font-medium">How often</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {FREQUENCIES.map((f) => (
            <div
              key={f.value}
              className="relative flex items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                id={`${id}-frequency-${f.value}`}
                name={`${id}-frequency`}
                value={f.value}
                checked={frequency === f.value}
                onChange={() => setFrequency(f.value)}
                aria-describedby={`${id}-frequency-${f.value}-hint`}
                className="mt-0.5 size-4 accent-primary"
              />
              <div className="grid gap-0.5">
                {/* the label covers the whole box, so a click anywhere in it chooses */}
                <label htmlFor={`${id}-frequency-${f.value}`} className="cursor-pointer text-sm font-medium after:absolute after:inset-0">
                  {f.label}
                </label>
                <span id={`${id}-frequency-${f.value}-hint`} className="text-sm text-muted-foreground">
                  {f.hint}
                </span>
              </div>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : <Save aria-hidden />} {save.isPending ? 'Saving…' : 'Save Preferences'}
        </Button>
        {saved.isDefault && !dirty && <p className="text-sm text-muted-foreground">You are on the default settings.</p>}
      </div>
    </form>
  );
}

/** Email Notifications: which groups of notifications reach the member's inbox, and how often. */
export function EmailNotificationsCard() {
  const prefs = useNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Bell className="size-4" aria-hidden /> Email Notifications
        </CardTitle>
        <CardDescription>Choose which updates reach your inbox. You always see every notification in the app.</CardDescription>
      </CardHeader>
      <CardContent aria-busy={prefs.isLoading || undefined}>
        {prefs.data ? (
          <PreferencesForm key={prefs.dataUpdatedAt} saved={prefs.data} />
        ) : prefs.isError ? (
          <LoadError what="your email preferences" error={prefs.error} onRetry={() => void prefs.refetch()} />
        ) : (
          <PreferencesSkeleton />
        )}
      </CardContent>
    </Card>
  );
}
