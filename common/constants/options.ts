/** The product's fixed option lists (registration, profile, review). Order matters: screens show them as listed. */
export const EXPERTISE_OPTIONS = [
  'Executive Leadership',
  'Strategic Planning',
  'Business Development',
  'Sales & Marketing',
  'Financial Management',
  'Operations Management',
  'Human Resources',
  'Technology & Digital',
  'Project Management',
  'Consulting',
  'Mergers & Acquisitions',
  'International Business',
  'Entrepreneurship',
  'Risk Management',
  'Change Management',
  'Corporate Governance',
] as const;

export const INDUSTRY_OPTIONS = [
  'Aerospace',
  'Automotive',
  'Banking & Finance',
  'Biotechnology',
  'Construction',
  'Consulting',
  'Consumer Goods',
  'Education',
  'Energy',
  'Entertainment',
  'Government',
  'Healthcare',
  'Hospitality',
  'Insurance',
  'Legal',
  'Manufacturing',
  'Media',
  'Non-profit',
  'Pharmaceuticals',
  'Real Estate',
  'Retail',
  'Technology',
  'Telecommunications',
  'Transportation',
  'Utilities',
  'Private Equities',
  'Housing',
] as const;

export const BUSINESS_INTEREST_OPTIONS = [
  'Board Positions',
  'Advisory Roles',
  'Interim Executive',
  'Consulting Projects',
  'Investment Opportunities',
  'Mentoring',
  'Strategic Partnerships',
  'Joint Ventures',
  'Speaking Engagements',
  'Industry Networking',
  'Knowledge Sharing',
  'Recruitment Assistance',
] as const;

export const ROLES = ['partner', 'admin', 'master-admin'] as const;
export type Role = (typeof ROLES)[number];

export const ACCOUNT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const MEMBERSHIP_TIERS = ['standard', 'cp-plus'] as const;

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Why an application can be rejected, with the labels the review dialog shows. */
export const REJECTION_REASONS = [
  'competitor',
  'insufficient_experience',
  'unverified_company',
  'industry_conflict',
  'incomplete_profile',
  'high_risk',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  competitor: 'Competitor',
  insufficient_experience: 'Insufficient experience',
  unverified_company: 'Unverified company',
  industry_conflict: 'Industry conflict',
  incomplete_profile: 'Incomplete profile',
  high_risk: 'High risk',
  other: 'Other',
};

/** Checklist fields of a membership application, in the order the review list shows them. */
export const APPLICATION_CHECKS = [
  { key: 'companyVerified', label: 'Company Verified' },
  { key: 'linkedinChecked', label: 'LinkedIn Checked' },
  { key: 'backgroundVerified', label: 'Background Verified' },
  { key: 'referenceChecked', label: 'Reference Checked' },
  { key: 'competitorFlag', label: 'Competitor Flag' },
  { key: 'industryConflict', label: 'Industry Conflict' },
] as const;
export type ApplicationCheckKey = (typeof APPLICATION_CHECKS)[number]['key'];

export const LEAD_STATUSES = ['submitted', 'reviewing', 'qualified', 'in-progress', 'closed-won', 'closed-lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
