import type { CommissionKind, CommissionStatus } from '../../common/constants/leads.ts';
import type { Commission } from '../../common/schemas/commission.ts';
import type { commissions } from '../db/schema/index.ts';
import { commissionAbilities } from '../policies/commissions.ts';
import type { Actor } from '../policies/roles.ts';
import { iso, money } from './wire.ts';

interface CommissionRow {
  c: typeof commissions.$inferSelect;
  partnerName: string;
  companyName: string;
  industry: string;
  leadType: string;
  estimatedValue: string;
  weekStarting: string | null;
}

/** A commission with its lead's details and what the viewer may do with it. */
export function presentCommission(viewer: Actor, r: CommissionRow): Commission {
  return {
    id: r.c.id,
    leadId: r.c.leadId,
    partnerId: r.c.partnerId,
    partnerName: r.partnerName,
    amount: money(r.c.amount),
    rate: r.c.rate,
    status: r.c.status as CommissionStatus,
    kind: r.c.kind as CommissionKind,
    basis: money(r.c.basis),
    month: r.c.month.slice(0, 7),
    timesheet: r.c.timesheetId && r.weekStarting ? { id: r.c.timesheetId, weekStarting: r.weekStarting } : null,
    supersededAt: iso(r.c.supersededAt),
    createdAt: iso(r.c.createdAt),
    paidAt: iso(r.c.paidAt),
    leadDetails: { companyName: r.companyName, industry: r.industry, leadType: r.leadType, estimatedValue: money(r.estimatedValue) },
    can: commissionAbilities(viewer, r.c),
  };
}
