import { z } from 'zod';
import { BUSINESS_INTEREST_OPTIONS, EXPERTISE_OPTIONS, INDUSTRY_OPTIONS } from '../constants/options.ts';
import { LIMITS } from '../constants/limits.ts';
import { newPasswordSchema } from '../rules/passwords.ts';

/** A URL field that may be left empty; only http(s) so a stored link can never run script. */
export const optionalUrl = (message: string) => z.union([z.literal(''), z.url({ message, protocol: /^https?$/, hostname: z.regexes.domain })]).optional();

/** An e-mail address. An empty one gets the same single message as a malformed one: the forms' texts name only
 * 'Invalid email address' for this field. */
export const emailField = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .min(1, { message: 'Invalid email address', abort: true })
  .max(254, 'Invalid email address')
  .email('Invalid email address');

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Registration form and POST /api/auth/register body: the same schema checks both sides, with the same messages. */
export const registerSchema = z
  .object({
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(LIMITS.name.max, 'First name must be at most 50 characters'),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(LIMITS.name.max, 'Last name must be at most 50 characters'),
    email: emailField,
    username: z
      .string({ error: 'Username must be at least 3 characters' })
      .trim()
      .min(LIMITS.username.min, 'Username must be at least 3 characters')
      .max(LIMITS.username.max, 'Username must be at most 30 characters')
      .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, numbers, dots, dashes and underscores'),
    company: z.string({ error: 'Company is required' }).trim().min(1, 'Company is required').max(LIMITS.company.max, 'Company must be at most 100 characters'),
    jobTitle: z.string({ error: 'Job title is required' }).trim().min(1, 'Job title is required').max(LIMITS.jobTitle.max, 'Job title must be at most 100 characters'),
    location: z.string({ error: 'Location is required' }).trim().min(1, 'Location is required').max(LIMITS.location.max, 'Location must be at most 100 characters'),
    phoneNumber: z.string().trim().max(30, 'Phone number must be at most 30 characters').optional(),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    dateOfBirth: z
      .string({ error: 'Date of birth is required' })
      .min(1, 'Date of birth is required')
      .regex(isoDate, 'Please enter a valid date of birth')
      .refine((v) => {
        const d = new Date(`${v}T00:00:00Z`);
        // the round trip refuses days the month does not have ('1975-02-30'), which Date would roll over
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getTime() < Date.now() && d.getUTCFullYear() >= 1900;
      }, 'Please enter a valid date of birth'),
    fullAddress: z.string({ error: 'Full address is required' }).trim().min(1, 'Full address is required').max(300, 'Full address must be at most 300 characters'),
    // required: a blank field is refused, never read as 0 (which would pass for a real answer)
    yearsExperience: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && !v.trim()) ? undefined : v),
      z.coerce
        .number({ message: 'Years of experience must be 0 or greater' })
        .int('Years of experience must be a whole number')
        .min(LIMITS.yearsExperience.min, 'Years of experience must be 0 or greater')
        .max(LIMITS.yearsExperience.max, 'Years of experience must be 60 or less'),
    ),
    bio: z
      .string({ error: 'Please provide at least 20 characters about your professional background' })
      .trim()
      .min(LIMITS.bio.min, 'Please provide at least 20 characters about your professional background')
      .max(LIMITS.bio.max, 'Bio must be at most 500 characters'),
    expertise: z.array(z.enum(EXPERTISE_OPTIONS), { error: 'Please select at least one area of expertise' }).min(1, 'Please select at least one area of expertise'),
    industries: z.array(z.enum(INDUSTRY_OPTIONS), { error: 'Please select at least one industry' }).min(1, 'Please select at least one industry'),
    businessInterests: z
      .array(z.enum(BUSINESS_INTEREST_OPTIONS), { error: 'Please select at least one business interest' })
      .min(1, 'Please select at least one business interest'),
    networkingGoals: z
      .string({ error: 'Please describe your networking goals (at least 10 characters)' })
      .trim()
      .min(LIMITS.networkingGoals.min, 'Please describe your networking goals (at least 10 characters)')
      .max(LIMITS.networkingGoals.max, 'Networking goals must be at most 300 characters'),
    linkedinUrl: optionalUrl('Please enter a valid LinkedIn URL'),
    website: optionalUrl('Please enter a valid website URL'),
  })
  .strict()
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    // check the match even while other fields are still wrong, so every message shows at once
    when: (payload) => {
      const v = payload.value as { password?: unknown; confirmPassword?: unknown };
      return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
    },
  });

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** Sign-in: the username field also accepts an e-mail address. */
export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(254, 'Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/verify-email: the signed token from the link in the verification e-mail. */
export const verifyEmailSchema = z.object({
  token: z.string({ error: 'The verification link is incomplete.' }).min(1, 'The verification link is incomplete.').max(1000, 'The verification link is not valid.'),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** GET /api/auth/google|apple: `link=1` links the provider to the signed-in account instead of signing in. */
export const oauthStartQuery = z.object({
  link: z.literal('1', { error: 'link must be 1' }).optional(),
  /** A signed-in account confirms its identity by signing in afresh with the provider linked to it. */
  reauth: z.literal('1', { error: 'reauth must be 1' }).optional(),
});
