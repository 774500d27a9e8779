import { zodResolver } from '@hookform/resolvers/zod';
import { GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { MEETING_PREFERENCES, MENTOR_DEFAULTS, MENTORSHIP_STYLES } from '../../../../common/constants/mentoring.ts';
import { mentorProfileCreateSchema } from '../../../../common/schemas/mentoring.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateMentorProfile } from '../api/mentoring.ts';
import { splitTags } from '../lib/mentoring.ts';

/** The profile form: the shared schema without the user id, the lists typed as text (commas; achievements one a line). */
const formSchema = mentorProfileCreateSchema.omit({ userId: true, specializations: true, industries: true, achievements: true }).extend({
  specializations: z.string().max(1500),
  industries: z.string().max(1500),
  achievements: z.string().max(4000),
});
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

const DEFAULTS: FormIn = {
  yearsExperience: MENTOR_DEFAULTS.yearsExperience,
  specializations: '',
  industries: '',
  mentorshipStyle: MENTOR_DEFAULTS.mentorshipStyle,
  availabilityHours: MENTOR_DEFAULTS.availabilityHours,
  maxMentees: MENTOR_DEFAULTS.maxMentees,
  bio: '',
  achievements: '',
  meetingPreference: MENTOR_DEFAULTS.meetingPreference,
};

const STYLE_LABELS: Record<(typeof MENTORSHIP_STYLES)[number], string> = { 'hands-on': 'Hands-on', advisory: 'Advisory', 'peer-to-peer': 'Peer-to-peer' };
const MEETING_LABELS: Record<(typeof MEETING_PREFERENCES)[number], string> = { virtual: 'Virtual', 'in-person': 'In person', hybrid: 'Hybrid' };

/** Become a Mentor: the button and its dialog; on success the page hides the button (the profile now exists). */
export function BecomeMentorDialog({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateMentorProfile();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(formSchema), defaultValues: DEFAULTS, reValidateMode: 'onSubmit' });
  const err = form.formState.errors;

  const submit = form.handleSubmit((v) =>
    create.mutate(
      {
        ...v,
        userId,
        specializations: splitTags(v.specializations),
        industries: splitTags(v.industries),
        achievements: v.achievements
          .split('\n')
          .map((a) => a.trim())
          .filter(Boolean),
      },
      {
        onSuccess: () => {
          form.reset(DEFAULTS);
          setOpen(false);
        },
        onError: (e) => {
          const detail = e instanceof ApiError && e.status !== 500 ? e.detail : '';
          toast({ variant: 'destructive', title: 'Error', description: detail || 'Failed to create mentor profile. Please try again.' });
        },
      },
    ),
  );

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
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="mentor-years" label="Years of experience" error={err.yearsExperience?.message}>
              <Input type="number" min={0} max={60} {...fieldA11y('mentor-years', err.yearsExperience?.message)} {...form.register('yearsExperience')} />
            </Field>
            <Field id="mentor-hours" label="Hours per week" error={err.availabilityHours?.message}>
              <Input type="number" min={1} max={40} {...fieldA11y('mentor-hours', err.availabilityHours?.message)} {...form.register('availabilityHours')} />
            </Field>
            <Field id="mentor-max" label="Max mentees" error={err.maxMentees?.message}>
              <Input type="number" min={1} max={20} {...fieldA11y('mentor-max', err.maxMentees?.message)} {...form.register('maxMentees')} />
            </Field>
          </div>
          <Field id="mentor-specializations" label="Specializations" hint="Separate with commas" error={err.specializations?.message}>
            <Input
              placeholder="e.g. Sales, Partnerships"
              {...fieldA11y('mentor-specializations', err.specializations?.message, true)}
              {...form.register('specializations')}
            />
          </Field>
          <Field id="mentor-industries" label="Industries" hint="Separate with commas" error={err.industries?.message}>
            <Input placeholder="e.g. Finance, Technology" {...fieldA11y('mentor-industries', err.industries?.message, true)} {...form.register('industries')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="mentor-style" label="Mentorship style">
              <Controller
                control={form.control}
                name="mentorshipStyle"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
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
                  <Select value={field.value} onValueChange={field.onChange}>
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
            <Textarea rows={3} {...fieldA11y('mentor-bio', err.bio?.message)} {...form.register('bio')} />
          </Field>
          <Field id="mentor-achievements" label="Achievements" optional hint="One per line" error={err.achievements?.message}>
            <Textarea rows={3} {...fieldA11y('mentor-achievements', err.achievements?.message, true)} {...form.register('achievements')} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create Mentor Profile'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
