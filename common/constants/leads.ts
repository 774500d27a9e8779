/** The option lists of the Submit New Lead form. */
export const LEAD_TYPES = ['interim', 'advisory', 'recruitment'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const LEAD_TYPE_LABELS: Record<LeadType, string> = { interim: 'Interim', advisory: 'Advisory', recruitment: 'Recruitment' };

export const LEAD_INDUSTRIES = [
  'Energy & Utilities',
  'Financial Services',
  'Government & Public Sector',
  'Healthcare & Life Sciences',
  'Housing',
  'Manufacturing',
  'Other',
  'Private Equities',
  'Retail & FMCG',
  'Technology',
] as const;

export const URGENCY_LEVELS = ['high', 'medium', 'low'] as const;
export type Urgency = (typeof URGENCY_LEVELS)[number];
export const URGENCY_LABELS: Record<Urgency, string> = {
  high: 'High – within 2 weeks',
  medium: 'Medium – within 1 month',
  low: 'Low – within 3 months',
};

export const RELATIONSHIP_STRENGTHS = ['strong', 'medium', 'weak'] as const;
export type RelationshipStrength = (typeof RELATIONSHIP_STRENGTHS)[number];
export const RELATIONSHIP_LABELS: Record<RelationshipStrength, string> = { strong: 'Strong', medium: 'Medium', weak: 'Weak' };

export const COMMISSION_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
/** What a commission was earned on: a closed-won lead's estimate, an approved timesheet's gross profit, or a correction of one. */
export const COMMISSION_KINDS = ['closed_won', 'time', 'adjustment'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** Largest value numeric(10,2) holds. */
export const MAX_LEAD_VALUE = '99999999.99';
