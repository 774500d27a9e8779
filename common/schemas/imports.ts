import { z } from 'zod';
import { emailField, registerSchema } from './auth.ts';
import { leadInputSchema } from './lead.ts';

/** What an administrator may import from a CSV file. */
export const IMPORT_KINDS = ['members', 'leads'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The largest file and the most rows one import takes; a bigger file is split into several. */
export const IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 20_000 } as const;

export const IMPORT_MESSAGES = {
  tooLarge: 'The file is larger than 5 MB. Split it into smaller files.',
  tooManyRows: 'The file has more than 20,000 rows. Split it into smaller files.',
  notCsv: 'The file is not a CSV file. Save the sheet as CSV (UTF-8) and try again.',
  noFile: 'Choose a CSV file to import.',
  noRows: 'The file has no rows below its header.',
  notMultipart: 'Send the CSV file as a form upload, in the field "file".',
  invalidRows: 'Some rows have problems. Nothing was imported: correct them and import the file again.',
  unknownPartner: 'No approved member has this email address',
  duplicateUsername: 'This username is already taken.',
} as const;

/**
 * One column of an import file: its header, the form field it fills, whether the header must be present, and
 * whether the cell is a list (values separated by semicolons).
 */
export interface ImportColumn {
  header: string;
  field: string;
  required: boolean;
  list?: boolean;
}

/** The registration form's fields, less the password (each imported member chooses theirs from the invitation). */
export const memberImportRowSchema = z.object(registerSchema.shape).omit({ password: true, confirmPassword: true }).strict();
export type MemberImportRow = z.output<typeof memberImportRowSchema>;

/** The lead form's fields (less the event met at) and the e-mail address of the partner who referred the lead. */
export const leadImportRowSchema = leadInputSchema.omit({ sourceEventId: true }).extend({ partnerEmail: emailField }).strict();
export type LeadImportRow = z.output<typeof leadImportRowSchema>;

export const MEMBER_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { header: 'first_name', field: 'firstName', required: true },
  { header: 'last_name', field: 'lastName', required: true },
  { header: 'email', field: 'email', required: true },
  { header: 'username', field: 'username', required: true },
  { header: 'company', field: 'company', required: true },
  { header: 'job_title', field: 'jobTitle', required: true },
  { header: 'location', field: 'location', required: true },
  { header: 'phone_number', field: 'phoneNumber', required: false },
  { header: 'date_of_birth', field: 'dateOfBirth', required: true },
  { header: 'full_address', field: 'fullAddress', required: true },
  { header: 'years_experience', field: 'yearsExperience', required: true },
  { header: 'bio', field: 'bio', required: true },
  { header: 'expertise', field: 'expertise', required: true, list: true },
  { header: 'industries', field: 'industries', required: true, list: true },
  { header: 'business_interests', field: 'businessInterests', required: true, list: true },
  { header: 'networking_goals', field: 'networkingGoals', required: true },
  { header: 'linkedin_url', field: 'linkedinUrl', required: false },
  { header: 'website', field: 'website', required: false },
];

export const LEAD_IMPORT_COLUMNS: readonly ImportColumn[] = [
  { header: 'partner_email', field: 'partnerEmail', required: true },
  { header: 'company_name', field: 'companyName', required: true },
  { header: 'industry', field: 'industry', required: true },
  { header: 'contact_name', field: 'contactName', required: true },
  { header: 'contact_email', field: 'contactEmail', required: true },
  { header: 'project_description', field: 'projectDescription', required: true },
  { header: 'estimated_value', field: 'estimatedValue', required: true },
  { header: 'lead_type', field: 'leadType', required: false },
  { header: 'urgency', field: 'urgency', required: false },
  { header: 'relationship_strength', field: 'relationshipStrength', required: false },
];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = { members: MEMBER_IMPORT_COLUMNS, leads: LEAD_IMPORT_COLUMNS };

/** How a list cell separates its values ("Board Positions; Advisory Roles"). */
export const IMPORT_LIST_SEPARATOR = ';';

/** The status imported members start in, chosen by the administrator. */
export const IMPORT_MEMBER_STATUSES = ['approved', 'pending'] as const;
export const memberImportFieldsSchema = z
  .object({ status: z.enum(IMPORT_MEMBER_STATUSES, { error: 'Choose whether imported members are approved or pending' }) })
  .strict();

/** POST /api/admin/imports/{kind}?dryRun=true answers the report and writes nothing. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** One problem with one cell (row numbers as a spreadsheet counts them: the header is row 1). */
export const importRowErrorSchema = z.object({ row: z.number().int().min(1), column: z.string().nullable(), message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * What an import found: its rows, those without problems, those created (or, on a dry run, that would be), those
 * skipped because they are already there (or repeat an earlier row), and every problem.
 */
export const importReportSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  dryRun: z.boolean(),
  rows: z.number().int(),
  valid: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** A refused import (a row with a problem): the API's error shape, with the full report beside it. */
export const importRefusalSchema = z.object({
  error: z.object({ code: z.literal('validation_failed'), message: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })) }),
  report: importReportSchema,
});

/** The header line of an import file (the template a spreadsheet starts from). */
export function importTemplateCsv(kind: ImportKind): string {
  return `${IMPORT_COLUMNS[kind].map((c) => c.header).join(',')}\r\n`;
}
