import { zodResolver } from '@hookform/resolvers/zod';
import { GraduationCap, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MEETING_PREFERENCES, MENTOR_DEFAULTS, MENTORING_LIMITS, MENTORSHIP_STYLES } from '../../../../common/constants/mentoring.ts';
import { mentorProfileCreateSchema, type MentorProfile } from '../../../../common/schemas/mentoring.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useMemberProfile } from '../../community/index.ts';
import { useCreateMentorProfile, useUpdateMentorProfile } from '../api/mentoring.ts';

/** The profile form: the shared schema without the user id; achievements typed one a line. */
const formSchema = mentorProfileCreateSchema.omit({ userId: true, achievements: true }).extend({ achievements: z.string().max(4000) });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;
type FieldName = keyof FormIn;
const FIELDS: readonly FieldName[] = [
  'yearsExperience',
  'specializations',
  'industries',
  'mentorshipStyle',
  'availabilityHours',
  'maxMentees',
  'bio',
  'achievements',
  'meetingPreference',
];

const DEFAULTS: FormIn = {
  yearsExperience: MENTOR_DEFAULTS.yearsExperience,
  specializations: [],
  industries: [],
  mentorshipStyle: MENTOR_DEFAULTS.mentorshipStyle,
  availabilityHours: MENTOR_DEFAULTS.availabilityHours,
  maxMentees: MENTOR_DEFAULTS.maxMentees,
  bio: '',
  achievements: '',
  meetingPreference: MENTOR_DEFAULTS.meetingPreference,
};

/** The form's values for an existing profile (Edit Profile). */
const valuesOf = (p: MentorProfile): FormIn => ({
  yearsExperience: p.yearsExperience,
  specializations: p.specializations,
  industries: p.industries,
  mentorshipStyle: p.mentorshipStyle,
  availabilityHours: p.availabilityHours,
  maxMentees: p.maxMentees,
  bio: p.bio ?? '',
  achievements: p.achievements.join('\n'),
  meetingPreference: p.meetingPreference,
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);

const STYLE_LABELS: Record<(typeof MENTORSHIP_STYLES)[number], string> = { 'hands-on': 'Hands-on', advisory: 'Advisory', 'peer-to-peer': 'Peer-to-peer' };
const MEETING_LABELS: Record<(typeof MEETING_PREFERENCES)[number], string> = { virtual: 'Virtual', 'in-person': 'In person', hybrid: 'Hybrid' };
const SPECIALIZATION_LIMITS = { max: MENTORING_LIMITS.listItems, length: MENTORING_LIMITS.specialization };
const INDUSTRY_LIMITS = { max: MENTORING_LIMITS.listItems, length: MENTORING_LIMITS.industry };

type ProfileValues = Omit<FormOut, 'achievements'> & { achievements: string[] };

/**
 * The mentor profile fields, shared by Become a Mentor and Edit Profile: numbers, specializations and industries as
 * tag lists, style and meeting preference, bio and achievements (one a line). The server's field messages are put
 * under their fields; anything else is the caller's to say.
 */
function MentorProfileForm({
  initial,
  submitLabel,
  pendingLabel,
  pending,
  onCancel,
  onSave,
}: {
  initial: FormIn;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onCancel: () => void;
  onSave: (values: ProfileValues, placeErrors: (e: unknown) => boolean) => void;
}) {
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: initial, reValidateMode: 'onSubmit' });
  const err = form.formState.errors;
  const listError = (name: 'specializations' | 'industries') =>
    (err[name] as { message?: string } | undefined)?.message ?? (err[name] as unknown as Array<{ message?: string }> | undefined)?.find?.((e) => e?.message)?.message;
  const submit = form.handleSubmit((v) => onSave({ ...v, achievements: lines(v.achievements) }, (e) => placeServerErrors(e, FIELDS, form.setError)));

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="mentor-years" label="Years of experience" error={err.yearsExperience?.message}>
          <Input type="number" min={0} max={60} disabled={pending} {...fieldA11y('mentor-years', err.yearsExperience?.message)} {...form.register('yearsExperience')} />
        </Field>
        <Field id="mentor-hours" label="Hours per week" error={err.availabilityHours?.message}>
          <Input
            type="number"
            min={1}
            max={40}
            disabled={pending}
            {...fieldA11y('mentor-hours', err.availabilityHours?.message)}
            {...form.register('availabilityHours')}
          />
        </Field>
        <Field id="mentor-max" label="Max mentees" error={err.maxMentees?.message}>
          <Input type="number" min={1} max={20} disabled={pending} {...fieldA11y('mentor-max', err.maxMentees?.message)} {...form.register('maxMentees')} />
        </Field>
      </div>
      <Controller
        control={form.control}
        name="specializations"
        render={({ field }) => (
          <TagInput
            id="mentor-specializations"
            label="Specializations"
            placeholder="Add a specialization, e.g. Sales"
            value={field.value ?? []}
            onChange={(tags) => {
              field.onChange(tags);
              form.clearErrors('specializations');
            }}
            limits={SPECIALIZATION_LIMITS}
            error={listError('specializations')}
            disabled={pending}
          />
        )}
      />
      <Controller
        control={form.control}
        name="industries"
        render={({ field }) => (
          <TagInput
            id="mentor-industries"
            label="Industries"
            placeholder="Add an industry, e.g. Finance"
            value={field.value ?? []}
            onChange={(tags) => {
              field.onChange(tags);
              form.clearErrors('industries');
            }}
            limits={INDUSTRY_LIMITS}
            error={listError('industries')}
            disabled={pending}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="mentor-style" label="Mentorship style">
          <Controller
            control={form.control}
            name="mentorshipStyle"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                <SelectTrigger id="mentor-style">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {MENTORSHIP_STYLES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {STYLE_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="mentor-meeting" label="Meeting preference">
          <Controller
            control={form.control}
            name="meetingPreference"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={pending}>
                <SelectTrigger id="mentor-meeting">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {MEETING_PREFERENCES.map((s) => (
                    <SelectItem key={s} value={s}>
                      {MEETING_LABELS[s]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      <Field id="mentor-bio" label="Bio" optional error={err.bio?.message}>
        <Textarea rows={3} disabled={pending} {...fieldA11y('mentor-bio', err.bio?.message)} {...form.register('bio')} />
      </Field>
      <Field id="mentor-achievements" label="Achievements" optional hint="One per line" error={err.achievements?.message}>
        <Textarea rows={3} disabled={pending} {...fieldA11y('mentor-achievements', err.achievements?.message, true)} {...form.register('achievements')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

const detailOf = (e: unknown) => (e instanceof ApiError && e.status !== 500 ? e.detail : '');

/** Become a Mentor: the button and its dialog; on success the page hides the button (the profile now exists). */
export function BecomeMentorDialog({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateMentorProfile();
  // years of experience start from the member's own profile rather than 0
  const me = useMemberProfile(userId);
  const initial: FormIn = { ...DEFAULTS, yearsExperience: me.data?.yearsExperience ?? DEFAULTS.yearsExperience };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!create.isPending) setOpen(o);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <GraduationCap aria-hidden /> Become a Mentor
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Become a Mentor</DialogTitle>
          <DialogDescription>Share your experience with members looking for guidance.</DialogDescription>
        </DialogHeader>
        <MentorProfileForm
          initial={initial}
          submitLabel="Create Mentor Profile"
          pendingLabel="Creating…"
          pending={create.isPending}
          onCancel={() => setOpen(false)}
          onSave={(values, placeErrors) =>
            create.mutate(values, {
              onSuccess: () => setOpen(false),
              onError: (e) => {
                placeErrors(e);
                toast({ variant: 'destructive', title: 'Error', description: detailOf(e) || 'Failed to create mentor profile. Please try again.' });
              },
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** Edit Profile: the same fields, filled in from the mentor's profile, saved with PATCH /api/mentor-profiles/me. */
export function EditMentorProfileDialog({ profile }: { profile: MentorProfile }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateMentorProfile();
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!update.isPending) setOpen(o);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil aria-hidden /> Edit Profile
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Mentor Profile</DialogTitle>
          <DialogDescription>Members see these details on your mentor card.</DialogDescription>
        </DialogHeader>
        {/* mounted afresh on each opening, so it starts from the saved profile */}
        <MentorProfileForm
          initial={valuesOf(profile)}
          submitLabel="Save Changes"
          pendingLabel="Saving…"
          pending={update.isPending}
          onCancel={() => setOpen(false)}
          onSave={(values, placeErrors) =>
            update.mutate(values, {
              onSuccess: () => {
                setOpen(false);
                toast({ variant: 'success', title: 'Profile Updated', description: 'Your mentor profile has been updated.' });
              },
              onError: (e) => {
                placeErrors(e);
                toast({ variant: 'destructive', title: 'Error', description: detailOf(e) || 'Failed to update mentor profile. Please try again.' });
              },
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
