/**
 * The demo's timesheets: three placements on won interim and recruitment leads of demo partners, each with weeks
 * of time in every state (approved, one rejected with the client's comments, one awaiting approval, this week's
 * draft). Priya Raman works on one as the contractor and approves another as the client, so signing in as her
 * shows both tabs, and she referred the third, so her Commission Tracker shows commission on approved time; Marcus Adeyemi (administrator) made the placements. Made through the same factories the tests
 * use, at back-dated moments relative to `now`.
 */
import { and, eq } from 'drizzle-orm';
import type { PlacementUnit } from '../../../common/constants/timesheets.ts';
import { addDays } from '../../../common/schemas/timesheets.ts';
import { londonToday } from '../../../common/rules/timesheets.ts';
import type { Db } from '../client.ts';
import { makePlacement, makeTimesheet } from '../factories/timesheets.ts';
import type { UserRow } from '../factories/members.ts';
import { leads } from '../schema/index.ts';

const HOUR = 3_600_000;

type WeekState = 'approved' | 'rejected' | 'pending' | 'draft';

interface DemoWeek {
  /** Weeks before this one (0 = this week). */
  weeksAgo: number;
  state: WeekState;
  units: number[];
  descriptions: string[];
  comments?: string;
}

interface DemoPlacement {
  lead: { companyName: string; referrer: string };
  contractor: string;
  client: string;
  unit: PlacementUnit;
  chargeRate: string;
  payRate: string;
  /** Weeks before this one that the placement started, and weeks after this one that it ends. */
  startedWeeksAgo: number;
  endsInWeeks: number;
  weeks: DemoWeek[];
}

const FULL_WEEK = [7.5, 7.5, 7.5, 7.5, 7.5, 0, 0];

export const DEMO_PLACEMENTS: DemoPlacement[] = [
  {
    // Priya as the contractor: interim finance director at Avonmouth Precision, paid by the hour
    lead: { companyName: 'Avonmouth Precision', referrer: 'oliver.grant' },
    contractor: 'priya.raman',
    client: 'daniel.hughes',
    unit: 'hour',
    chargeRate: '95',
    payRate: '72',
    startedWeeksAgo: 6,
    endsInWeeks: 10,
    weeks: [
      {
        weeksAgo: 6,
        state: 'approved',
        units: [8, 8, 7.5, 7.5, 6, 0, 0],
        descriptions: ['Onboarding with the finance team', 'Month-end close review', 'Cash-flow model', 'Cash-flow model', 'Board pack draft', '', ''],
      },
      {
        weeksAgo: 5,
        state: 'approved',
        units: FULL_WEEK,
        descriptions: ['Supplier payment terms', 'Bank covenant review', 'Working-capital workshop', 'Forecast refresh', 'Steering group', '', ''],
        comments: 'Thanks Priya — great progress on working capital.',
      },
      {
        weeksAgo: 4,
        state: 'approved',
        units: [7.5, 7.5, 8, 7.5, 5, 0, 0],
        descriptions: ['Audit planning', 'Audit planning', 'Cost-centre restructure', 'Cost-centre restructure', 'Weekly report', '', ''],
      },
      {
        weeksAgo: 3,
        state: 'rejected',
        units: [7.5, 7.5, 7.5, 9, 7.5, 2, 0],
        descriptions: ['ERP vendor demos', 'ERP vendor demos', 'Pricing review', 'Pricing workshop', 'Board pre-read', 'Board pack edits', ''],
        comments: 'Thursday’s pricing workshop was cut short (4 hours), and Saturday was not agreed in advance. Please correct and resubmit.',
      },
      {
        weeksAgo: 2,
        state: 'approved',
        units: FULL_WEEK,
        descriptions: ['Board meeting', 'Actions from the board', 'Treasury policy', 'Treasury policy', 'Team one-to-ones', '', ''],
      },
      {
        weeksAgo: 1,
        state: 'pending',
        units: [8, 7.5, 7.5, 7.5, 6.5, 0, 0],
        descriptions: ['Q4 forecast', 'Q4 forecast', 'Lender meeting', 'Budget round: operations', 'Budget round: sales', '', ''],
      },
      {
        weeksAgo: 0,
        state: 'draft',
        units: [7.5, 4, 0, 0, 0, 0, 0],
        descriptions: ['Budget consolidation', 'Audit committee prep (half day)', '', '', '', '', ''],
      },
    ],
  },
  {
    // Priya as the client contact: Hannah on a recruitment brief at Brightline Grid Services, by the day
    lead: { companyName: 'Brightline Grid Services', referrer: 'james.okafor' },
    contractor: 'hannah.becker',
    client: 'priya.raman',
    unit: 'day',
    chargeRate: '650',
    payRate: '520',
    startedWeeksAgo: 4,
    endsInWeeks: 8,
    weeks: [
      {
        weeksAgo: 4,
        state: 'approved',
        units: [1, 1, 1, 0.5, 1, 0, 0],
        descriptions: ['Role scoping with the COO', 'Market mapping', 'Market mapping', 'Longlist review', 'Candidate outreach', '', ''],
      },
      {
        weeksAgo: 3,
        state: 'approved',
        units: [1, 1, 1, 1, 0.5, 0, 0],
        descriptions: ['First interviews', 'First interviews', 'Referencing', 'Shortlist write-up', 'Shortlist presentation', '', ''],
        comments: 'Strong shortlist, thank you.',
      },
      {
        weeksAgo: 2,
        state: 'approved',
        units: [1, 1, 0.5, 1, 1, 0, 0],
        descriptions: ['Second interviews', 'Second interviews', 'Assessment centre prep', 'Assessment centre', 'Feedback calls', '', ''],
      },
      {
        weeksAgo: 1,
        state: 'pending',
        units: [1, 1, 1, 0.5, 0.5, 0, 0],
        descriptions: ['Final interviews', 'Offer negotiation', 'Referencing the preferred candidate', 'Offer letter', 'Onboarding plan', '', ''],
      },
    ],
  },
  {
    // On a lead Priya referred (its pending estimate gives way to commission on the approved time): Tom with Aisha
    // as the client
    lead: { companyName: 'Corve Therapeutics', referrer: 'priya.raman' },
    contractor: 'tom.fletcher',
    client: 'aisha.khan',
    unit: 'hour',
    chargeRate: '110',
    payRate: '85',
    startedWeeksAgo: 5,
    endsInWeeks: 6,
    weeks: [
      {
        weeksAgo: 5,
        state: 'approved',
        units: [6, 6, 6, 6, 4, 0, 0],
        descriptions: ['Clinical operations review', 'Clinical operations review', 'CRO contract renewals', 'CRO contract renewals', 'Handover to the new hire', '', ''],
      },
      {
        weeksAgo: 4,
        state: 'approved',
        units: [6, 6, 7, 6, 4, 0, 0],
        descriptions: ['Trial site contracts', 'Trial site contracts', 'Regulatory submission plan', 'Regulatory submission plan', 'Weekly report', '', ''],
      },
      {
        weeksAgo: 3,
        state: 'rejected',
        units: [6, 6, 6, 6, 6, 0, 0],
        descriptions: ['Study budgets', 'Study budgets', 'Study budgets', 'Study budgets', 'Study budgets', '', ''],
        comments: 'Please split the budget work by study so we can recharge it.',
      },
      {
        weeksAgo: 1,
        state: 'pending',
        units: [6, 6, 6, 5, 4, 0, 0],
        descriptions: ['Study A budget', 'Study B budget', 'Study C budget', 'Sponsor questions', 'Budget sign-off', '', ''],
      },
    ],
  },
];

/** The Monday of the week `now` is in (by the calendar in UTC). */
function mondayOf(now: Date): string {
  const d = now.toISOString().slice(0, 10);
  const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
  return addDays(d, -((weekday + 6) % 7));
}
const at = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
const notAfter = (d: Date, now: Date) => (d > now ? now : d);

/** Adds the placements and their weeks; answers how many sheets were made. */
export async function seedTimesheets(db: Db, person: (username: string) => UserRow, admin: UserRow, now: Date): Promise<number> {
  const thisMonday = mondayOf(now);
  let sheets = 0;
  for (const p of DEMO_PLACEMENTS) {
    const referrer = person(p.lead.referrer);
    const [lead] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.companyName, p.lead.companyName), eq(leads.submitterId, referrer.id)));
    if (!lead) throw new Error(`demo lead ${p.lead.companyName} is missing`);
    const startDate = addDays(thisMonday, -7 * p.startedWeeksAgo);
    const placement = await makePlacement(db, {
      by: admin,
      lead,
      contractor: person(p.contractor),
      client: person(p.client),
      unit: p.unit,
      chargeRate: p.chargeRate,
      payRate: p.payRate,
      startDate,
      endDate: addDays(thisMonday, 7 * p.endsInWeeks - 1),
      now: notAfter(at(addDays(startDate, -5), 10), now),
    });
    for (const w of p.weeks) {
      const monday = addDays(thisMonday, -7 * w.weeksAgo);
      // submitted on the Friday, or after the last day worked when that is the weekend
      const lastDay = Math.max(
        4,
        w.units.findLastIndex((u) => u > 0),
      );
      await makeTimesheet(db, {
        placement,
        contractor: person(p.contractor),
        weekStarting: monday,
        // this week's days still to come hold no time yet
        units: w.units.map((u, i) => (addDays(monday, i) > londonToday(now) ? 0 : u)),
        descriptions: w.descriptions,
        status: w.state,
        decidedBy: person(p.client),
        comments: w.comments,
        now: notAfter(at(monday, 9), now),
        submittedAt: notAfter(at(addDays(monday, lastDay), 17), now),
        decidedAt: notAfter(new Date(at(addDays(monday, 7), 10).getTime() + (w.state === 'rejected' ? 2 * HOUR : 0)), now),
      });
      sheets += 1;
    }
  }
  return sheets;
}
