import type { LeadStatus } from '../../../common/constants/options.ts';
import type { LeadInput } from '../../../common/schemas/lead.ts';

/**
 * When something happened, relative to the moment the demo is seeded: some days ago, or a day of a month some
 * months back (at noon UTC, so the same day in London). Month anchors keep two closes of a partner in one
 * commission month whatever today's date is; `clampToThisMonth` keeps a recent close inside the current month.
 */
export type Moment = { daysAgo: number; clampToThisMonth?: boolean } | { monthsAgo: number; day: number };

const DAY = 86_400_000;

export function resolveMoment(m: Moment, now: Date): Date {
  if ('monthsAgo' in m) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m.monthsAgo, m.day, 12));
  const at = now.getTime() - m.daysAgo * DAY;
  if (!m.clampToThisMonth) return new Date(at);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 1);
  return new Date(Math.min(Math.max(at, monthStart), now.getTime() - 60_000));
}

/** One referral of the demo: who made it, what it is, when it came in and where it went. */
export interface DemoLead {
  /** Username of the referring partner. */
  by: string;
  lead: Partial<LeadInput> & { companyName: string; estimatedValue: string };
  submitted: Moment;
  status: LeadStatus;
  /** The moves, when not the usual path to `status` (a deal reopened after closing). */
  path?: LeadStatus[];
  /** When the last move happened; the earlier ones are spread evenly since submission. */
  moved?: Moment;
  /** The admin's note on the last move. */
  notes?: string;
  /** When the commission was paid out (closed-won only). */
  paid?: Moment;
}

const l = (
  companyName: string,
  industry: LeadInput['industry'],
  contactName: string,
  contactEmail: string,
  leadType: LeadInput['leadType'],
  estimatedValue: string,
  projectDescription: string,
  urgency: LeadInput['urgency'] = 'medium',
  relationshipStrength: LeadInput['relationshipStrength'] = 'strong',
) => ({ companyName, industry, contactName, contactEmail, leadType, estimatedValue, projectDescription, urgency, relationshipStrength });

/**
 * About six months of referrals in every status. Priya (month 5), Hannah (month 3) and Sophie (month 1) each
 * close two deals in one month, so the second is paid at the next tier's marginal rate; older commissions are
 * paid on the 3rd of the following month, recent ones wait; one deal reopened after closing lost its commission.
 */
export const DEMO_LEADS: DemoLead[] = [
  {
    by: 'priya.raman',
    lead: l(
      'Aldgate Biologics',
      'Healthcare & Life Sciences',
      'Dr Helen Marsh',
      'helen.marsh@aldgatebio.example',
      'interim',
      '9500',
      'Interim CFO for six months while the Series B closes.',
      'high',
    ),
    submitted: { monthsAgo: 6, day: 17 },
    status: 'closed-won',
    moved: { monthsAgo: 5, day: 8 },
    notes: 'Six-month interim CFO engagement signed.',
    paid: { monthsAgo: 4, day: 3 },
  },
  {
    by: 'priya.raman',
    lead: l(
      'Fenwick Diagnostics',
      'Healthcare & Life Sciences',
      'Sam Okoro',
      'sam.okoro@fenwickdx.example',
      'advisory',
      '7000',
      'Board adviser on the move from research kits to clinical diagnostics.',
    ),
    submitted: { monthsAgo: 6, day: 26 },
    status: 'closed-won',
    moved: { monthsAgo: 5, day: 22 },
    notes: 'Advisory retainer agreed with the board.',
    paid: { monthsAgo: 4, day: 3 },
  },
  {
    by: 'hannah.becker',
    lead: l(
      'Larchmont Foods',
      'Retail & FMCG',
      'Claire Dunmore',
      'claire.dunmore@larchmontfoods.example',
      'interim',
      '12000',
      'Interim chair to steer the business through a trade sale.',
      'high',
    ),
    submitted: { monthsAgo: 4, day: 6 },
    status: 'closed-won',
    moved: { monthsAgo: 3, day: 5 },
    notes: 'Interim chair appointed for the sale process.',
    paid: { monthsAgo: 2, day: 3 },
  },
  {
    by: 'hannah.becker',
    lead: l(
      'Pennant Logistics',
      'Other',
      'Rory Blake',
      'rory.blake@pennantlogistics.example',
      'interim',
      '11500',
      'Interim COO to run the carve-out from the parent group.',
    ),
    submitted: { monthsAgo: 4, day: 15 },
    status: 'closed-won',
    moved: { monthsAgo: 3, day: 19 },
    notes: 'Interim COO started on the carve-out.',
    paid: { monthsAgo: 2, day: 3 },
  },
  {
    by: 'james.okafor',
    lead: l(
      'Solent Offshore Wind',
      'Energy & Utilities',
      'Fiona Grey',
      'fiona.grey@solentwind.example',
      'advisory',
      '6000',
      'Adviser on grid connection for the consenting phase.',
    ),
    submitted: { monthsAgo: 5, day: 12 },
    status: 'closed-won',
    moved: { monthsAgo: 4, day: 10 },
    notes: 'Grid-connection adviser engaged for the consenting phase.',
    paid: { monthsAgo: 3, day: 3 },
  },
  {
    by: 'oliver.grant',
    lead: l(
      'Avonmouth Precision',
      'Manufacturing',
      'Gareth Lloyd',
      'gareth.lloyd@avonmouthprecision.example',
      'interim',
      '16000',
      'Interim managing director to lead an operational turnaround.',
      'high',
    ),
    submitted: { monthsAgo: 5, day: 20 },
    status: 'closed-won',
    moved: { monthsAgo: 4, day: 24 },
    notes: 'Interim MD appointed to lead the turnaround.',
    paid: { monthsAgo: 3, day: 3 },
  },
  {
    by: 'james.okafor',
    lead: l(
      'Brightline Grid Services',
      'Energy & Utilities',
      'Nadia Hussain',
      'nadia.hussain@brightlinegrid.example',
      'recruitment',
      '8500',
      'Permanent programme director for a battery-storage portfolio.',
    ),
    submitted: { monthsAgo: 3, day: 20 },
    status: 'closed-won',
    moved: { monthsAgo: 2, day: 14 },
    notes: 'Battery-storage programme director placed.',
    paid: { monthsAgo: 1, day: 3 },
  },
  {
    by: 'tom.fletcher',
    lead: l(
      'Kestrel Legal Partners',
      'Other',
      'Imogen Shaw',
      'imogen.shaw@kestrellegal.example',
      'advisory',
      '3200',
      'Governance review ahead of a partnership restructure.',
      'low',
    ),
    submitted: { monthsAgo: 3, day: 1 },
    status: 'closed-won',
    moved: { monthsAgo: 2, day: 9 },
    notes: 'Governance review delivered by a member adviser.',
    paid: { monthsAgo: 1, day: 3 },
  },
  {
    by: 'aisha.khan',
    lead: l(
      'Northgate Clinics',
      'Healthcare & Life Sciences',
      'Dr Paul Reeve',
      'paul.reeve@northgateclinics.example',
      'interim',
      '9000',
      'Interim chief digital officer for an electronic patient record roll-out.',
    ),
    submitted: { monthsAgo: 3, day: 12 },
    status: 'in-progress',
    path: ['reviewing', 'qualified', 'in-progress', 'closed-won', 'in-progress'],
    moved: { monthsAgo: 2, day: 25 },
    notes: 'Client paused signature pending board approval; reopened until it signs.',
  },
  {
    by: 'priya.raman',
    lead: l(
      'Corve Therapeutics',
      'Healthcare & Life Sciences',
      'Martin Cole',
      'martin.cole@corvetx.example',
      'recruitment',
      '14000',
      'Permanent CFO ahead of a planned listing.',
      'high',
    ),
    submitted: { monthsAgo: 2, day: 10 },
    status: 'closed-won',
    moved: { monthsAgo: 1, day: 12 },
    notes: 'Permanent CFO placed; fee invoiced.',
  },
  {
    by: 'sophie.laurent',
    lead: l('Marlowe & Finch', 'Retail & FMCG', 'Lucy Marlowe', 'lucy@marloweandfinch.example', 'advisory', '5000', 'Supply-chain review for a premium homeware brand.'),
    submitted: { monthsAgo: 2, day: 8 },
    status: 'closed-won',
    moved: { monthsAgo: 1, day: 4 },
    notes: 'Supply-chain review commissioned.',
  },
  {
    by: 'sophie.laurent',
    lead: l(
      'Oakhurst Home',
      'Retail & FMCG',
      'Ben Carter',
      'ben.carter@oakhursthome.example',
      'interim',
      '7500',
      'Interim operations director for the peak trading season.',
      'high',
    ),
    submitted: { monthsAgo: 2, day: 18 },
    status: 'closed-won',
    moved: { monthsAgo: 1, day: 20 },
    notes: 'Interim ops director starts before peak season.',
  },
  {
    by: 'daniel.hughes',
    lead: l(
      'Harrow Vale Council',
      'Government & Public Sector',
      'Angela Price',
      'angela.price@harrowvale.example',
      'advisory',
      '4800',
      'Housing delivery adviser for a town-centre regeneration scheme.',
    ),
    submitted: { daysAgo: 24 },
    status: 'closed-won',
    moved: { daysAgo: 1, clampToThisMonth: true },
    notes: 'Housing delivery adviser appointed for the regeneration scheme.',
  },
  {
    by: 'tom.fletcher',
    lead: l(
      'Greyfriars Capital',
      'Financial Services',
      'Victoria Hale',
      'victoria.hale@greyfriarscapital.example',
      'recruitment',
      '6000',
      'Head of compliance for a growing wealth manager.',
      'low',
      'medium',
    ),
    submitted: { monthsAgo: 5, day: 3 },
    status: 'closed-lost',
    moved: { monthsAgo: 4, day: 15 },
    notes: 'Client chose an internal candidate.',
  },
  {
    by: 'daniel.hughes',
    lead: l(
      'Pelham Modular Homes',
      'Housing',
      'Stuart Pelham',
      'stuart@pelhammodular.example',
      'interim',
      '22000',
      'Interim CEO while the founder steps back.',
      'medium',
      'medium',
    ),
    submitted: { monthsAgo: 3, day: 7 },
    status: 'closed-lost',
    moved: { monthsAgo: 2, day: 20 },
    notes: 'Budget withdrawn after the planning decision.',
  },
  {
    by: 'aisha.khan',
    lead: l(
      'Claremont Health Partners',
      'Healthcare & Life Sciences',
      'Dr Ruth Amos',
      'ruth.amos@claremonthealth.example',
      'advisory',
      '4000',
      'Advice on a clinical governance framework.',
      'low',
      'weak',
    ),
    submitted: { daysAgo: 40 },
    status: 'closed-lost',
    path: ['reviewing', 'closed-lost'],
    moved: { daysAgo: 12 },
    notes: 'Not a fit: the brief needs a practising clinician.',
  },
  {
    by: 'hannah.becker',
    lead: l(
      'Tavistock Software',
      'Technology',
      'Owen Price',
      'owen.price@tavistocksoftware.example',
      'interim',
      '18000',
      'Interim CTO to re-platform the core product.',
      'high',
    ),
    submitted: { daysAgo: 75 },
    status: 'in-progress',
    moved: { daysAgo: 20 },
    notes: 'Shortlist of three interim CTOs presented.',
  },
  {
    by: 'priya.raman',
    lead: l(
      'Ravensworth Pharma',
      'Healthcare & Life Sciences',
      'Eve Ravensworth',
      'eve@ravensworthpharma.example',
      'recruitment',
      '25000',
      'Permanent CFO for a specialty-pharma group.',
    ),
    submitted: { daysAgo: 50 },
    status: 'in-progress',
    moved: { daysAgo: 9 },
    notes: 'Second interviews booked for the CFO role.',
  },
  {
    by: 'oliver.grant',
    lead: l(
      'Severn Aerostructures',
      'Manufacturing',
      'Mark Dyer',
      'mark.dyer@severnaero.example',
      'advisory',
      '12500',
      'Two non-executive directors for the new board.',
      'medium',
      'medium',
    ),
    submitted: { daysAgo: 60 },
    status: 'in-progress',
    moved: { daysAgo: 15 },
    notes: 'NED candidates meeting the chair.',
  },
  {
    by: 'james.okafor',
    lead: l('Cairngorm Hydro', 'Energy & Utilities', 'Iain Ross', 'iain.ross@cairngormhydro.example', 'advisory', '9800', 'Adviser on a community-owned hydro scheme.'),
    submitted: { daysAgo: 35 },
    status: 'qualified',
    moved: { daysAgo: 10 },
    notes: 'Budget confirmed; scoping the advisory brief.',
  },
  {
    by: 'sophie.laurent',
    lead: l('Harbourside Hotels Group', 'Other', 'Maria Santos', 'maria.santos@harbourside.example', 'interim', '6500', 'Interim COO across four coastal hotels.'),
    submitted: { daysAgo: 28 },
    status: 'qualified',
    moved: { daysAgo: 6 },
    notes: 'Decision maker confirmed: the group COO.',
  },
  {
    by: 'tom.fletcher',
    lead: l(
      'Whitcombe Family Office',
      'Private Equities',
      'Charles Whitcombe',
      'charles@whitcombe.example',
      'advisory',
      '15000',
      'Board adviser for a family office investing in growth companies.',
      'low',
    ),
    submitted: { daysAgo: 30 },
    status: 'qualified',
    moved: { daysAgo: 8 },
    notes: 'Mandate for a board adviser qualified.',
  },
  {
    by: 'aisha.khan',
    lead: l(
      'Meridian Health Tech',
      'Technology',
      'Leo Grant',
      'leo.grant@meridianhealthtech.example',
      'interim',
      '7200',
      'Interim head of data for an NHS supplier.',
      'medium',
      'medium',
    ),
    submitted: { daysAgo: 9 },
    status: 'reviewing',
    moved: { daysAgo: 5 },
    notes: 'Checking the budget with the contact.',
  },
  {
    by: 'daniel.hughes',
    lead: l(
      'Riverside Housing Trust',
      'Housing',
      'Janet Ellis',
      'janet.ellis@riversidehousing.example',
      'recruitment',
      '8000',
      'Permanent development director for a housing association.',
    ),
    submitted: { daysAgo: 12 },
    status: 'reviewing',
    moved: { daysAgo: 7 },
  },
  {
    by: 'hannah.becker',
    lead: l(
      'Bramble Capital',
      'Financial Services',
      'Tara Nolan',
      'tara.nolan@bramblecapital.example',
      'interim',
      '5400',
      'Interim finance director during a fundraise.',
      'high',
      'medium',
    ),
    submitted: { daysAgo: 6 },
    status: 'reviewing',
    moved: { daysAgo: 2 },
  },
  {
    by: 'oliver.grant',
    lead: l(
      'Harbourside Hotels Ltd',
      'Other',
      'Alan Reid',
      'alan.reid@harbourside.example',
      'advisory',
      '4500',
      'Adviser on a refinancing of the hotel estate.',
      'medium',
      'weak',
    ),
    submitted: { daysAgo: 4 },
    status: 'submitted',
  },
  {
    by: 'james.okafor',
    lead: l(
      'Pentland Renewables',
      'Energy & Utilities',
      'Kirsty Moore',
      'kirsty.moore@pentlandrenewables.example',
      'interim',
      '11000',
      'Interim finance director for a wind-farm developer.',
    ),
    submitted: { daysAgo: 3 },
    status: 'submitted',
  },
  {
    by: 'priya.raman',
    lead: l(
      'Wren Genomics',
      'Healthcare & Life Sciences',
      'Dr Asha Patel',
      'asha.patel@wrengenomics.example',
      'advisory',
      '6800',
      'Commercial adviser for a first product launch.',
      'high',
    ),
    submitted: { daysAgo: 1 },
    status: 'submitted',
  },
];

/** Members asking each other to connect: accepted ones and some still waiting for an answer. */
export const DEMO_CONNECTIONS: Array<{ from: string; to: string; status: 'pending' | 'accepted'; daysAgo: number; message: string }> = [
  { from: 'marcus.adeyemi', to: 'james.okafor', status: 'accepted', daysAgo: 150, message: 'Welcome aboard, James. Happy to help with your first referral.' },
  { from: 'james.okafor', to: 'oliver.grant', status: 'accepted', daysAgo: 120, message: 'Would value your view on board roles in industrials.' },
  { from: 'priya.raman', to: 'hannah.becker', status: 'accepted', daysAgo: 90, message: 'We keep meeting the same CFO candidates; shall we compare notes?' },
  { from: 'sophie.laurent', to: 'aisha.khan', status: 'accepted', daysAgo: 60, message: 'Keen to swap notes on digital operations.' },
  { from: 'tom.fletcher', to: 'priya.raman', status: 'accepted', daysAgo: 45, message: 'One of my clients needs a life-science CFO.' },
  { from: 'daniel.hughes', to: 'hannah.becker', status: 'accepted', daysAgo: 30, message: 'Looking for investors in modular housing.' },
  { from: 'james.okafor', to: 'sophie.laurent', status: 'pending', daysAgo: 6, message: 'Would love your take on retail energy contracts.' },
  { from: 'aisha.khan', to: 'tom.fletcher', status: 'pending', daysAgo: 4, message: 'Could use advice on data-sharing agreements.' },
  { from: 'oliver.grant', to: 'daniel.hughes', status: 'pending', daysAgo: 2, message: 'Interested in your modular build programme.' },
  { from: 'tom.fletcher', to: 'eleanor.whitmore', status: 'pending', daysAgo: 1, message: 'Would like to introduce two founders to the network.' },
];
