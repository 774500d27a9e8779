import type { z } from 'zod';
import { LEAD_INDUSTRIES } from '../../../../common/constants/leads.ts';
import { leadInputSchema, type Lead, type LeadEdit } from '../../../../common/schemas/lead.ts';

/** The lead form's values as typed. */
type LeadFormValues = z.input<typeof leadInputSchema>;

/** The lead's values as the form takes them. */
export function leadFormValues(lead: Lead): LeadFormValues {
  return {
    leadType: lead.leadType,
    estimatedValue: lead.estimatedValue,
    companyName: lead.companyName,
    industry: (LEAD_INDUSTRIES as readonly string[]).includes(lead.industry)
      ? (lead.industry as LeadFormValues['industry'])
      : (undefined as unknown as LeadFormValues['industry']),
    contactName: lead.contactName,
    contactEmail: lead.contactEmail,
    projectDescription: lead.projectDescription,
    urgency: lead.urgency,
    relationshipStrength: lead.relationshipStrength,
    sourceEventId: lead.sourceEventId ?? undefined,
  };
}

/**
 * Only the fields that differ from the lead as it is (each read by the shared schema, so "45000" and "45000.00" are
 * the same budget); an event taken away is sent as null.
 */
export function changedFields(lead: Lead, data: z.output<typeof leadInputSchema>): LeadEdit {
  const before = leadInputSchema.safeParse(leadFormValues(lead));
  const was: Partial<Record<keyof LeadEdit, unknown>> = before.success ? before.data : {};
  const edit: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data) as Array<[keyof LeadEdit, unknown]>) {
    const now = name === 'sourceEventId' ? (value ?? null) : value;
    const then = name === 'sourceEventId' ? (was.sourceEventId ?? null) : was[name];
    if (now !== then) edit[name] = now;
  }
  return edit as LeadEdit;
}
