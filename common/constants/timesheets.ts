/** A timesheet's life: the contractor drafts and submits it, the client approves or rejects it; a rejected one is corrected and submitted again. */
export const TIMESHEET_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];
export const TIMESHEET_STATUS_LABELS: Record<TimesheetStatus, string> = { draft: 'Draft', pending: 'Awaiting approval', approved: 'Approved', rejected: 'Rejected' };

/** The contractor edits entries and submits only from these statuses; an approved sheet is locked. */
export const TIMESHEET_EDITABLE: readonly TimesheetStatus[] = ['draft', 'rejected'];

/** A placement's rates are per hour or per day. */
export const PLACEMENT_UNITS = ['hour', 'day'] as const;
export type PlacementUnit = (typeof PLACEMENT_UNITS)[number];
export const PLACEMENT_UNIT_LABELS: Record<PlacementUnit, string> = { hour: 'Hours', day: 'Days' };

/** The most units one day holds, per unit type (two decimal places). */
export const MAX_UNITS_PER_DAY: Record<PlacementUnit, number> = { hour: 24, day: 1 };

/** The lead types a placement can be made on. */
export const PLACEMENT_LEAD_TYPES = ['interim', 'recruitment'] as const;

/** Whose sheets a list shows: the viewer's as contractor, as client, or every sheet they may see. */
export const TIMESHEET_ROLES = ['contractor', 'client', 'all'] as const;
export type TimesheetRole = (typeof TIMESHEET_ROLES)[number];

export const TIMESHEET_LIMITS = { descriptionMax: 500, commentsMax: 2000, rateMaxPence: 10_000_000 } as const;

export const TIMESHEET_MESSAGES = {
  notFound: 'Timesheet not found.',
  placementNotFound: 'Placement not found.',
  leadNotFound: 'Lead not found.',
  leadNotWon: 'A placement needs a closed-won lead.',
  leadWrongType: 'A placement needs an interim or recruitment lead.',
  partyNotMember: 'Choose an approved, active member.',
  sameParty: 'The contractor and the client must be different members.',
  payAboveCharge: 'The pay rate cannot be higher than the charge rate.',
  endBeforeStart: 'The end date cannot be before the start date.',
  weekNotMonday: 'A timesheet week starts on a Monday.',
  weekOutsidePlacement: 'This week is outside the placement’s dates.',
  duplicateWeek: 'There is already a timesheet for this placement and week.',
  dateOutsideWeek: 'Every day must be within the timesheet’s week.',
  dateOutsidePlacement: 'Every day must be within the placement’s dates.',
  duplicateDate: 'Each day can appear only once.',
  unitsTooMany: (max: number, unit: PlacementUnit) => `A day holds at most ${max} ${unit === 'hour' ? 'hours' : 'day'}.`,
  onlyContractorEdits: 'Only the contractor can change this timesheet.',
  onlyContractorCreates: 'Only the placement’s contractor can create its timesheets.',
  onlyContractorSubmits: 'Only the contractor can submit this timesheet.',
  onlyClientDecides: 'Only the client or an administrator can approve or reject this timesheet.',
  notEditable: (status: TimesheetStatus) =>
    status === 'approved' ? 'This timesheet is approved and locked.' : 'This timesheet is awaiting approval and cannot be changed.',
  notSubmittable: (status: TimesheetStatus) => (status === 'approved' ? 'This timesheet is already approved.' : 'This timesheet has already been submitted.'),
  notPending: (status: TimesheetStatus) =>
    status === 'approved'
      ? 'This timesheet is already approved.'
      : status === 'rejected'
        ? 'This timesheet has already been rejected.'
        : 'This timesheet has not been submitted.',
  emptySheet: 'Enter time for at least one day before submitting.',
  futureDay: 'Time cannot be entered for a day that has not happened yet.',
  futureWeek: 'This week has not started yet: submit it once the time has been worked.',
  futureTimeOnSheet: 'This timesheet has time on a day that has not happened yet: correct it before it is submitted or approved.',
  commentsRequired: 'Say why the timesheet is rejected.',
  unitLocked: 'The unit cannot change once the placement has timesheets.',
  contractorLocked: 'The contractor cannot change once the placement has timesheets.',
  ratesLocked: 'The rates cannot change once a timesheet is approved; record a correction as an adjustment.',
  sheetsOutsideDates: 'The placement has timesheets outside these dates.',
  adjustOnlyApproved: 'Only an approved timesheet is corrected by an adjustment; the contractor changes the others.',
  onlyAdminAdjusts: 'Only an administrator can correct an approved timesheet.',
  noOwnAdjustment: 'You cannot correct your own timesheet.',
  noOwnCommissionApproval: 'You referred this lead and earn commission on its time, so another administrator or the client must approve this timesheet.',
  noOwnCommissionAdjustment: 'You referred this lead and earn commission on its time, so another administrator must correct this timesheet.',
  clientIsReferrer: 'The client cannot be the member who referred the lead: they would approve time that earns them commission.',
  reasonRequired: 'Say why the time is corrected.',
} as const;

/** Inviting a lead's client contact who is not a member yet (POST /api/placements/invitations). */
export const PLACEMENT_INVITATION_MESSAGES = {
  alreadyMember: (name: string) => `${name} is already a member: choose them as the client.`,
  alreadyApplied: (name: string) => `${name} has already applied for membership: approve their application, then choose them as the client.`,
  accountClosed: 'This e-mail address belongs to an account that is closed or was not approved; it cannot be invited.',
  rateLimited: 'Too many invitations sent. Please try again later.',
  notSent: 'The invitation e-mail could not be sent. Please try again later.',
} as const;

/** At most this many client invitations per administrator within the window. */
export const PLACEMENT_INVITATION_LIMIT = { max: 20, windowMs: 3_600_000 } as const;
