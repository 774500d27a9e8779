import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth.ts';

const valid = {
  firstName: 'Alice',
  lastName: 'Applicant',
  email: 'Alice@Example.com',
  username: 'alice_1',
  company: 'Northwind Advisory',
  jobTitle: 'COO',
  location: 'London, UK',
  phoneNumber: '',
  password: 'CorrectHorse9',
  confirmPassword: 'CorrectHorse9',
  dateOfBirth: '1975-04-12',
  fullAddress: '1 King Street, London',
  yearsExperience: 22,
  bio: 'Operations leader with two decades in financial services.',
  expertise: ['Operations Management'],
  industries: ['Banking & Finance'],
  businessInterests: ['Advisory Roles'],
  networkingGoals: 'Meet fellow COOs.',
  linkedinUrl: '',
  website: '',
};

/** The messages of the issues for one field. */
const messagesFor = (input: unknown, field: string) => {
  const r = registerSchema.safeParse(input);
  return r.success ? [] : r.error.issues.filter((i) => i.path.join('.') === field).map((i) => i.message);
};

describe('registerSchema', () => {
  it('accepts a complete registration and normalises the e-mail address', () => {
    const r = registerSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data?.email).toBe('alice@example.com');
  });

  it.each([
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['confirmPassword', { confirmPassword: 'different1' }, "Passwords don't match"],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: '   ' }, 'Last name is required'],
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['company', { company: '' }, 'Company is required'],
    ['jobTitle', { jobTitle: '' }, 'Job title is required'],
    ['location', { location: '' }, 'Location is required'],
    ['dateOfBirth', { dateOfBirth: '' }, 'Date of birth is required'],
    ['fullAddress', { fullAddress: '' }, 'Full address is required'],
    ['bio', { bio: 'too short' }, 'Please provide at least 20 characters about your professional background'],
    ['expertise', { expertise: [] }, 'Please select at least one area of expertise'],
    ['industries', { industries: [] }, 'Please select at least one industry'],
    ['businessInterests', { businessInterests: [] }, 'Please select at least one business interest'],
    ['yearsExperience', { yearsExperience: -1 }, 'Years of experience must be 0 or greater'],
    ['yearsExperience', { yearsExperience: '' }, 'Years of experience must be 0 or greater'],
    ['yearsExperience', { yearsExperience: '  ' }, 'Years of experience must be 0 or greater'],
    ['yearsExperience', { yearsExperience: undefined }, 'Years of experience must be 0 or greater'],
    ['email', { email: '' }, 'Invalid email address'],
    ['email', { email: '   ' }, 'Invalid email address'],
    ['linkedinUrl', { linkedinUrl: 'not a url' }, 'Please enter a valid LinkedIn URL'],
    ['website', { website: 'javascript:alert(1)' }, 'Please enter a valid website URL'],
    ['networkingGoals', { networkingGoals: 'short' }, 'Please describe your networking goals (at least 10 characters)'],
  ])('%s: refused with the form’s own message', (field, change, message) => {
    expect(messagesFor({ ...valid, ...change }, field)).toContain(message);
  });

  it('a blank e-mail address gets one message, the form’s own', () => {
    expect(messagesFor({ ...valid, email: '' }, 'email')).toEqual(['Invalid email address']);
  });

  it('a blank years of experience is refused, never read as 0', () => {
    expect(registerSchema.safeParse({ ...valid, yearsExperience: '' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, yearsExperience: '0' }).data?.yearsExperience).toBe(0);
  });

  it.each([
    ['password over 100', { password: 'a'.repeat(101), confirmPassword: 'a'.repeat(101) }, 'password'],
    ['username over 30', { username: 'a'.repeat(31) }, 'username'],
    ['first name over 50', { firstName: 'a'.repeat(51) }, 'firstName'],
    ['company over 100', { company: 'a'.repeat(101) }, 'company'],
    ['bio over 500', { bio: 'a'.repeat(501) }, 'bio'],
    ['networking goals over 300', { networkingGoals: 'a'.repeat(301) }, 'networkingGoals'],
    ['years of experience over 60', { yearsExperience: 61 }, 'yearsExperience'],
    ['an option not on the list', { industries: ['Piracy'] }, 'industries.0'],
    ['a date of birth in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth'],
    ['an impossible date', { dateOfBirth: '1975-02-30' }, 'dateOfBirth'],
  ])('refuses %s', (_name, change, field) => {
    expect(messagesFor({ ...valid, ...change }, field).length).toBeGreaterThan(0);
  });

  it.each([
    ['role', 'admin'],
    ['accountStatus', 'approved'],
    ['totalPoints', 999],
    ['isActive', false],
    ['membershipTier', 'cp-plus'],
  ])('is strict: a %s field is refused, not silently kept', (field, value) => {
    const r = registerSchema.safeParse({ ...valid, [field]: value });
    expect(r.success).toBe(false);
    expect(r.error?.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
  });

  it('shows the password mismatch together with the other field errors', () => {
    const r = registerSchema.safeParse({ ...valid, bio: 'x', confirmPassword: 'nope' });
    const paths = r.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['bio', 'confirmPassword']));
  });

  it('accepts empty optional links and phone, and http(s) links only', () => {
    expect(registerSchema.safeParse({ ...valid, linkedinUrl: 'https://www.linkedin.com/in/alice', website: 'http://northwind.example' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, website: 'ftp://northwind.example' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, website: 'data:text/html,<script>alert(1)</script>' }).success).toBe(false);
  });
});

describe('loginSchema', () => {
  it('requires a username and a password with the form’s own messages', () => {
    const r = loginSchema.safeParse({ username: '', password: '' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', 'Username is required'],
      ['password', 'Password is required'],
    ]);
  });

  it('trims the username but never the password', () => {
    expect(loginSchema.parse({ username: '  alice  ', password: ' pass ' })).toEqual({ username: 'alice', password: ' pass ' });
  });

  it('caps the lengths, so an enormous password is not hashed', () => {
    expect(loginSchema.safeParse({ username: 'alice', password: 'a'.repeat(201) }).success).toBe(false);
    expect(loginSchema.safeParse({ username: 'a'.repeat(255), password: 'x' }).success).toBe(false);
  });
});
