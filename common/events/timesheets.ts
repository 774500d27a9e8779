import { z } from 'zod';
import { PLACEMENT_UNITS, TIMESHEET_STATUSES } from '../constants/timesheets.ts';
import type { DomainEventSchemas } from './types.ts';

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A placement's terms: who works for whom on which lead, the rates in pence per unit, and its dates. */
const placementTerms = z.object({
  placementId: z.uuid(),
  leadId: z.uuid(),
  contractorId: z.uuid(),
  clientId: z.uuid(),
  unit: z.enum(PLACEMENT_UNITS),
  chargeRatePence: z.number().int(),
  payRatePence: z.number().int(),
  startDate: ymd,
  endDate: ymd,
});

/** A sheet's week and state: its parties, its status after the act and its total in hundredths of its unit. */
const sheetFacts = z.object({
  timesheetId: z.uuid(),
  placementId: z.uuid(),
  contractorId: z.uuid(),
  clientId: z.uuid(),
  weekStarting: ymd,
  unit: z.enum(PLACEMENT_UNITS),
  status: z.enum(TIMESHEET_STATUSES),
  totalUnitsHundredths: z.number().int(),
});

/** The facts this feature records, one schema per event type (see `common/events/index.ts`). */
export const timesheetsEvents = {
  'placement.created': {
    entityType: 'placement',
    describe: 'An administrator placed a contractor with a client on a won lead',
    schema: placementTerms,
  },
  'placement.updated': {
    entityType: 'placement',
    describe: 'An administrator changed a placement’s parties, rates, unit or dates',
    schema: placementTerms.extend({ changed: z.array(z.string()) }),
  },
  'timesheet.submitted': {
    entityType: 'timesheet',
    describe: 'A contractor submitted a week of time to its client for approval',
    schema: sheetFacts,
  },
  'timesheet.approved': {
    entityType: 'timesheet',
    describe: 'A timesheet was approved by its client or an administrator',
    schema: sheetFacts.extend({ grossProfitPence: z.number().int() }),
  },
  'timesheet.rejected': {
    entityType: 'timesheet',
    describe: 'A timesheet was rejected by its client or an administrator, to be corrected and submitted again',
    schema: sheetFacts,
  },
  'timesheet.adjusted': {
    entityType: 'timesheet',
    describe: 'An administrator corrected the time of an approved timesheet',
    schema: sheetFacts.extend({ totalUnitsBeforeHundredths: z.number().int(), grossProfitPence: z.number().int() }),
  },
} satisfies DomainEventSchemas;
