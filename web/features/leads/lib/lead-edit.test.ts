import { describe, expect, it } from 'vitest';
import { leadInputSchema, type Lead } from '../../../../common/schemas/lead.ts';
import { changedFields, leadFormValues } from './lead-edit.ts';

const lead: Lead = {
  id: 'l1',
  submitterId: 'u1',
  submitterName: 'Paula Reyes',
  leadType: 'interim',
  companyName: 'Northwind Traders',
  industry: 'Technology',
  contactName: 'Andrew Fuller',
  contactEmail: 'andrew@northwind.example',
  projectDescription: 'Interim CFO',
  estimatedValue: '26100.00',
  urgency: 'medium',
  relationshipStrength: 'medium',
  status: 'submitted',
  notes: null,
  sourceEventId: 'a3f1c2d4-1111-4222-8333-944455556666',
  assignedTo: null,
  withdrawnAt: null,
  withdrawnReason: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  can: {
    read: true,
    update: false,
    delete: false,
    seeDuplicateFlag: false,
    edit: true,
    editCommissionFields: true,
    withdraw: true,
    assign: false,
    comment: true,
    writeInternal: false,
  },
};

const submitted = (changes: Record<string, unknown>) => leadInputSchema.parse({ ...leadFormValues(lead), ...changes });

describe('the partner’s edit of a lead', () => {
  it('starts the form from the lead as it is, and the shared rules accept it unchanged', () => {
    expect(leadInputSchema.safeParse(leadFormValues(lead)).success).toBe(true);
    expect(changedFields(lead, submitted({}))).toEqual({});
  });
  it('sends only what changed, as the shared schema reads it', () => {
    expect(changedFields(lead, submitted({ estimatedValue: '30000', contactEmail: ' New@Northwind.example ' }))).toEqual({
      estimatedValue: '30000.00',
      contactEmail: 'new@northwind.example',
    });
    expect(changedFields(lead, submitted({ estimatedValue: '26100' }))).toEqual({});
  });
  it('sends a removed event as null', () => {
    expect(changedFields(lead, submitted({ sourceEventId: undefined }))).toEqual({ sourceEventId: null });
  });
});
