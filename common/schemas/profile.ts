import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { newPasswordSchema } from '../rules/passwords.ts';
import { emailField, optionalUrl } from './auth.ts';

/** Limits of the profile settings page; the server enforces them and the form shows them. */
export const PROFILE_LIMITS = {
  bio: { max: LIMITS.bio.max },
  phoneNumber: { max: 30 },
  /** Areas of expertise and industry experience: at most this many tags, each at most this long. */
  tags: { max: 20, length: 60 },
  /** A profile picture: at most 5 MB, JPEG, PNG, GIF or WebP by its bytes; stored as square WebP at these sizes. */
  pictureBytes: 5 * 1024 * 1024,
  pictureSizes: [64, 256, 512] as const,
  /** A CV: at most 10 MB, a PDF without active content or a Word document (.docx) without macros, by its bytes. */
  cvBytes: 10 * 1024 * 1024,
} as const;

export type PictureSize = (typeof PROFILE_LIMITS.pictureSizes)[number];

export const CV_ERRORS = {
  tooLarge: { title: 'File too large', description: 'Please select a CV under 10MB.' },
  badType: { title: 'Invalid file type', description: 'Please select a PDF or Word document.' },
  oldWord: {
    title: 'Invalid file type',
    description: 'Word 97-2003 (.doc) files are not accepted. Save your CV as a Word Document (.docx) or a PDF and upload it again.',
  },
  macros: {
    title: 'Invalid file type',
    description: 'This Word document contains macros, which are not accepted. Save it as a Word Document (.docx) without macros and upload it again.',
  },
  activePdf: {
    title: 'Invalid file type',
    description: 'This PDF contains scripts, automatic actions or attached files, which are not accepted. Print or export it to a plain PDF and upload it again.',
  },
  uncheckedPdf: {
    title: 'Invalid file type',
    description: 'This PDF is compressed or protected in a way we cannot check. Print or export it to a plain PDF and upload it again.',
  },
} as const;

/** An optional text field: trimmed, at most `max` characters; an empty value clears it. */
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** Keeps the tags as the owner meant them: trimmed, blanks dropped, a repeat in another letter case dropped (the first spelling stays). */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const tagList = (noun: string, plural: string) =>
  z
    // a generous cap on what is sent, so a huge list is refused before it is walked
    .array(z.string({ error: `Each ${noun} must be text` }).max(500, `Each ${noun} must be at most ${PROFILE_LIMITS.tags.length} characters`), {
      error: `${plural[0].toUpperCase()}${plural.slice(1)} must be a list`,
    })
    .max(200, `Add at most ${PROFILE_LIMITS.tags.max} ${plural}`)
    .transform(normaliseTags)
    .pipe(
      z
        .array(z.string().max(PROFILE_LIMITS.tags.length, `Each ${noun} must be at most ${PROFILE_LIMITS.tags.length} characters`))
        .max(PROFILE_LIMITS.tags.max, `Add at most ${PROFILE_LIMITS.tags.max} ${plural}`),
    )
    .optional();

/** Digits with the usual separators, an optional leading +; empty clears it. */
const PHONE = /^\+?[0-9][0-9 ().-]*$/;

/**
 * Profile settings form and PATCH /api/auth/profile body. First name, last name and e-mail are always sent; a
 * field left out stays as it is and an empty one is cleared. Fields not named here (role, status …) are ignored.
 */
export const profileUpdateSchema = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(LIMITS.name.max, 'First name must be at most 50 characters'),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(LIMITS.name.max, 'Last name must be at most 50 characters'),
  email: emailField,
  company: optionalText(LIMITS.company.max, 'Company'),
  jobTitle: optionalText(LIMITS.jobTitle.max, 'Job title'),
  location: optionalText(LIMITS.location.max, 'Location'),
  bio: optionalText(PROFILE_LIMITS.bio.max, 'Bio'),
  phoneNumber: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.phoneNumber.max, 'Phone number must be at most 30 characters')
    .refine((v) => v === '' || PHONE.test(v), 'Please enter a valid phone number')
    .optional(),
  linkedinUrl: optionalUrl('Invalid LinkedIn URL').refine((v) => !v || v.length <= 500, 'Invalid LinkedIn URL'),
  website: optionalUrl('Invalid website URL').refine((v) => !v || v.length <= 500, 'Invalid website URL'),
  expertise: tagList('area of expertise', 'areas of expertise'),
  industries: tagList('industry', 'industries'),
  availableForNetworking: z.boolean({ error: 'Available for networking must be true or false' }).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Change Password form and PATCH /api/auth/password body; the new password follows the one rule for every new password. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200, 'Current password is incorrect.'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    // checked even while other fields are still wrong, so every message shows at once
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof v?.newPassword === 'string' && typeof v?.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
