import { Briefcase, Clock, Users } from 'lucide-react';
import type { MentorProfile } from '../../../../common/schemas/mentoring.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateMentorProfile } from '../api/mentoring.ts';
import { EditMentorProfileDialog } from './BecomeMentorDialog.tsx';
import { RatingSummary } from './Rating.tsx';

/**
 * The mentor's own profile at the top of their mentoring tab: how members see it (rating, capacity, focus), Edit
 * Profile, and the switch that pauses it (hidden from Discover Mentors, no new requests) or resumes it.
 */
export function MentorProfilePanel({ profile: p }: { profile: MentorProfile }) {
  const update = useUpdateMentorProfile();
  const setActive = (isActive: boolean) =>
    update.mutate(
      { isActive },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: isActive ? 'Profile Resumed' : 'Profile Paused',
            description: isActive ? 'Members can find you and request mentorship again.' : 'You are hidden from Discover Mentors and cannot be requested.',
          }),
        onError: (e) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: (e instanceof ApiError && e.status !== 500 && e.detail) || 'Failed to update mentor profile. Please try again.',
          }),
      },
    );
  return (
    <Card className="mb-4">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2 text-base">
            Your Mentor Profile
            <Badge variant={p.isActive ? 'success' : 'warning'}>{p.isActive ? 'Active' : 'Paused'}</Badge>
          </CardTitle>
          <CardDescription>
            <RatingSummary rating={p.rating} reviews={p.totalReviews} />
          </CardDescription>
        </div>
        <EditMentorProfileDialog profile={p} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="flex flex-wrap gap-x-6 gap-y-1.5 text-sm text-muted-foreground">
          <div className="flex items-center gap-2">
            <Briefcase className="size-4" aria-hidden />
            <dt className="sr-only">Experience</dt>
            <dd>{p.yearsExperience} years experience</dd>
          </div>
          <div className="flex items-center gap-2">
            <Clock className="size-4" aria-hidden />
            <dt className="sr-only">Availability</dt>
            <dd>{p.availabilityHours} hours/week</dd>
          </div>
          <div className="flex items-center gap-2">
            <Users className="size-4" aria-hidden />
            <dt className="sr-only">Mentees</dt>
            <dd>
              {p.currentMentees}/{p.maxMentees} mentees
            </dd>
          </div>
        </dl>
        {p.specializations.length + p.industries.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Specializations and industries">
            {[...p.specializations, ...p.industries].map((t, i) => (
              <li key={`${i}-${t}`}>
                <Badge variant="secondary">{t}</Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-start gap-3 rounded-lg border border-border p-3">
          <Switch id="mentor-active" checked={p.isActive} onCheckedChange={setActive} disabled={update.isPending} aria-describedby="mentor-active-hint" />
          <div className="grid gap-0.5">
            <Label htmlFor="mentor-active">Accepting new mentees</Label>
            <p id="mentor-active-hint" className="text-xs text-muted-foreground">
              {p.isActive
                ? 'Members can find you in Discover Mentors and send requests. Turn off to pause your profile.'
                : 'Paused: you are hidden from Discover Mentors and cannot be requested. Your current mentees are not affected.'}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
