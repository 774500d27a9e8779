import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, FileText, Save, Upload } from 'lucide-react';
import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CV_ERRORS, PROFILE_LIMITS, profileUpdateSchema } from '../../../../common/schemas/profile.ts';
import type { CurrentUser } from '../../../../common/schemas/user.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field, fieldA11y } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { ApiError } from '../../../lib/api.ts';
import { placeServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { isPictureFile } from '../../../lib/image-check.ts';
import { initials } from '../../../lib/utils.ts';
import { uploadErrorText, useUpdateProfile, useUploadCv, useUploadPicture } from '../api/profile.ts';
import { cvTooLarge, pictureTooLarge } from '../lib/profile-helpers.ts';
import { pictureAt } from '../../../lib/picture.ts';

type ProfileForm = z.input<typeof profileUpdateSchema>;
type ProfileData = z.output<typeof profileUpdateSchema>;
type FieldName = keyof ProfileForm;
const FIELDS: readonly FieldName[] = [
  'firstName',
  'lastName',
  'email',
  'company',
  'jobTitle',
  'location',
  'phoneNumber',
  'bio',
  'linkedinUrl',
  'website',
  'expertise',
  'industries',
];

/** The form's starting values: the member's profile as it is saved. */
export function profileDefaults(user: CurrentUser): ProfileForm {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    company: user.company ?? '',
    jobTitle: user.jobTitle ?? '',
    location: user.location ?? '',
    phoneNumber: user.phoneNumber ?? '',
    bio: user.bio ?? '',
    linkedinUrl: user.linkedinUrl ?? '',
    website: user.website ?? '',
    expertise: user.expertise,
    industries: user.industries,
  };
}

/** A button that opens the file picker (a hidden file input) and hands over the chosen file. */
function FileButton({
  accept,
  busy,
  hintId,
  icon,
  children,
  onFile,
}: {
  accept: string;
  busy: boolean;
  hintId: string;
  icon: ReactNode;
  children: ReactNode;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // cleared so choosing the same file again fires a change
    e.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <input ref={input} type="file" accept={accept} className="sr-only" tabIndex={-1} aria-hidden onChange={onChange} disabled={busy} />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={busy} aria-describedby={hintId} className="justify-self-start">
        {busy ? <Spinner className="size-4" label="Uploading" /> : icon}
        {busy ? 'Uploading...' : children}
      </Button>
    </>
  );
}

/** Profile picture: the avatar (initials until there is a picture) and Change Photo. */
function PictureCard({ user }: { user: CurrentUser }) {
  const upload = useUploadPicture();
  const id = useId();
  const name = `${user.firstName} ${user.lastName}`.trim();
  const choose = async (file: File) => {
    if (pictureTooLarge(file)) {
      toast({ variant: 'destructive', title: 'File too large', description: 'Please select an image under 5MB.' });
      return;
    }
    // a file that only claims to be a picture is refused when chosen, before anything is uploaded
    if (!(await isPictureFile(file))) {
      toast({ variant: 'destructive', title: 'Invalid file type', description: 'Please select a JPEG, PNG, or GIF image.' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ variant: 'success', title: 'Profile picture updated!' }),
      onError: (err) => toast({ variant: 'destructive', ...uploadErrorText(err, 'Failed to upload profile picture. Please try again.') }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Camera className="size-4" aria-hidden /> Profile Picture
        </CardTitle>
        <CardDescription>Shown to fellow members in the directory, the feed and your profile.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-5">
        <Avatar className="size-20 text-2xl">
          {user.profilePicture && <AvatarImage src={pictureAt(user.profilePicture, 256) ?? undefined} alt={name} />}
          <AvatarFallback className="text-2xl" aria-label={name} role="img">
            {initials(user.firstName, user.lastName)}
          </AvatarFallback>
        </Avatar>
        <div className="grid gap-2">
          <FileButton accept="image/*" busy={upload.isPending} hintId={`${id}-hint`} icon={<Camera aria-hidden />} onFile={(file) => void choose(file)}>
            Change Photo
          </FileButton>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            JPG, PNG up to 5MB
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

/** CV/Resume: whether one is on file (with a link to download it) and Upload CV or Update CV. */
function CvCard({ user }: { user: CurrentUser }) {
  const upload = useUploadCv();
  const id = useId();
  const choose = (file: File) => {
    if (cvTooLarge(file)) {
      toast({ variant: 'destructive', ...CV_ERRORS.tooLarge });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ variant: 'success', title: 'CV uploaded!' }),
      onError: (err) => toast({ variant: 'destructive', ...uploadErrorText(err, 'Failed to upload CV. Please try again.') }),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FileText className="size-4" aria-hidden /> CV/Resume
        </CardTitle>
        <CardDescription>Share your experience with members who view your profile.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {user.cvUrl && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2.5">
            <span className="flex items-center gap-2 text-sm font-medium text-success">
              <FileText className="size-4" aria-hidden /> CV uploaded
            </span>
            <a href={user.cvUrl} download className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              View Current CV
            </a>
          </div>
        )}
        <FileButton accept=".pdf,.doc,.docx" busy={upload.isPending} hintId={`${id}-hint`} icon={<Upload aria-hidden />} onFile={choose}>
          {user.cvUrl ? 'Update CV' : 'Upload CV'}
        </FileButton>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          PDF or Word document up to 10MB
        </p>
      </CardContent>
    </Card>
  );
}

/** Personal Information: the member's details and tag lists, saved together with Save Profile. */
function PersonalInfoForm({ user }: { user: CurrentUser }) {
  const form = useForm<ProfileForm, unknown, ProfileData>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: profileDefaults(user),
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const busy = update.isPending;
  const reg = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const err = (name: FieldName) =>
    (errors[name] as { message?: string } | undefined)?.message ?? (errors[name] as { root?: { message?: string } } | undefined)?.root?.message;

  const submit = form.handleSubmit((data) =>
    update.mutate(data, {
      onSuccess: ({ user: saved }) => {
        form.reset(profileDefaults(saved));
        toast({ variant: 'success', title: 'Profile updated!' });
      },
      onError: (e) => {
        // the server's field messages go under their fields; the toast says the save failed either way
        if (!placeServerErrors(e, FIELDS, form.setError) && e instanceof ApiError && e.status === 409) {
          form.setError('email', { type: 'server', message: e.detail }, { shouldFocus: true });
        }
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to update profile. Please try again.' });
      },
    }),
  );

  const text = (name: FieldName, label: string, extra: { type?: string; autoComplete?: string; placeholder?: string; optional?: boolean } = {}) => (
    <Field id={`profile-${name}`} label={label} optional={extra.optional} error={err(name)}>
      <Input
        {...fieldA11y(`profile-${name}`, err(name))}
        {...reg(name)}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        placeholder={extra.placeholder}
        disabled={busy}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Personal Information</CardTitle>
        <CardDescription>Members see these details in the directory and on your profile.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(e) => void submit(e)} aria-label="Personal Information" className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          {text('firstName', 'First Name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {text('company', 'Company', { autoComplete: 'organization' })}
          {text('jobTitle', 'Job Title', { autoComplete: 'organization-title' })}
          {text('location', 'Location', { placeholder: 'City, Country' })}
          {text('phoneNumber', 'Phone Number', { type: 'tel', autoComplete: 'tel' })}
          {text('linkedinUrl', 'LinkedIn URL', { type: 'url', placeholder: 'https://www.linkedin.com/in/your-name' })}
          {text('website', 'Website', { type: 'url', autoComplete: 'url', placeholder: 'https://example.com' })}
          <Field id="profile-bio" label="Bio" optional error={err('bio')} className="sm:col-span-2">
            <Textarea {...fieldA11y('profile-bio', err('bio'))} {...reg('bio')} rows={4} maxLength={PROFILE_LIMITS.bio.max} disabled={busy} />
          </Field>
          <Controller
            control={form.control}
            name="expertise"
            render={({ field }) => (
              <TagInput
                id="profile-expertise"
                label="Areas of Expertise"
                placeholder="Add an area of expertise"
                value={field.value ?? []}
                onChange={(tags) => {
                  field.onChange(tags);
                  form.clearErrors('expertise');
                }}
                limits={PROFILE_LIMITS.tags}
                error={err('expertise')}
                disabled={busy}
                className="sm:col-span-2"
              />
            )}
          />
          <Controller
            control={form.control}
            name="industries"
            render={({ field }) => (
              <TagInput
                id="profile-industries"
                label="Industry Experience"
                placeholder="Add an industry"
                value={field.value ?? []}
                onChange={(tags) => {
                  field.onChange(tags);
                  form.clearErrors('industries');
                }}
                limits={PROFILE_LIMITS.tags}
                error={err('industries')}
                disabled={busy}
                className="sm:col-span-2"
              />
            )}
          />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : <Save aria-hidden />}
              {busy ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Profile Information: picture, CV and the personal details form. */
export function ProfileInfoTab({ user }: { user: CurrentUser }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <PictureCard user={user} />
        <CvCard user={user} />
      </div>
      <PersonalInfoForm user={user} />
    </div>
  );
}
