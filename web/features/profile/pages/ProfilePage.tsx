import { MapPin, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { completeness } from '../../../../common/rules/profile-completeness.ts';
import { LoadErrorNotice } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/site.ts';
import { MemberProfileDetails, useMemberProfile } from '../../community/index.ts';

/**
 * My Profile (/profile): the member's own profile as other members see it (the directory's profile view), how
 * complete it is by the same rule Matching Insights uses, what is still missing, and the way to Profile Settings.
 */
export function ProfilePage() {
  useDocumentTitle('My Profile');
  const me = useCurrentUser().data;
  const profile = useMemberProfile(me?.id ?? null);
  if (!me) return null;
  const score = completeness(me);
  const p = profile.data;
  const name = `${me.firstName} ${me.lastName}`.trim();
  const role = [me.jobTitle, me.company].filter(Boolean).join(' at ');
  const edit = (
    <Button asChild>
      <Link to="/profile-settings">
        <Pencil aria-hidden /> Edit profile
      </Link>
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title="My Profile" description="Your profile as other members see it in the directory." actions={edit} className="mb-0 sm:mb-0" />

      <Card aria-labelledby="completeness-title" role="region">
        <CardContent className="grid gap-3 p-4 sm:p-6">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="completeness-title" className="font-semibold">
              Profile completeness
            </h2>
            <span className="text-2xl font-bold tabular-nums">{score.percent}%</span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-labelledby="completeness-title"
            aria-valuenow={score.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${score.percent}%` }} />
          </div>
          {score.missing.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              Still to add: {score.missing.map((m) => m.label.toLowerCase()).join(', ')}. Members with a complete profile get better recommendations and mentor matches.{' '}
              <Link to="/profile-settings" className="font-medium text-primary underline-offset-4 hover:underline">
                Complete it in Profile Settings
              </Link>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Your profile is complete.</p>
          )}
        </CardContent>
      </Card>

      <Card aria-label="Your profile as members see it" role="region">
        <CardContent className="grid gap-5 p-4 sm:p-6">
          <div className="flex items-start gap-4">
            <UserAvatar person={me} className="size-16 shrink-0 text-lg" />
            <div className="min-w-0 flex-1">
              <h2 className="break-words text-lg font-semibold leading-tight">{name}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{role || 'Member'}</p>
              {me.location && (
                <p className="mt-2 inline-flex items-center gap-1 text-sm text-muted-foreground">
                  <MapPin className="size-3.5" aria-hidden /> {me.location}
                </p>
              )}
            </div>
          </div>
          {profile.isError && !p ? (
            <LoadErrorNotice boxed what="your profile" error={profile.error} onRetry={() => void profile.refetch()} />
          ) : !p ? (
            <div className="grid gap-4" role="status" aria-busy aria-label="Loading profile">
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-14 rounded-lg" />
                ))}
              </div>
              <Skeleton className="h-24 rounded-lg" />
            </div>
          ) : (
            <MemberProfileDetails profile={p} isSelf />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
