import type { PostCategory } from '../../../common/constants/community.ts';

/** A demo post: who wrote it, how many days ago, and whether it carries a generated picture. */
export interface DemoPost {
  by: string;
  daysAgo: number;
  category: PostCategory;
  title: string;
  content: string;
  /** Colours of a generated banner image (two stops of a gradient), when the post has a picture. */
  image?: [string, string];
}

export const DEMO_POSTS: DemoPost[] = [
  {
    by: 'eleanor.whitmore',
    daysAgo: 40,
    category: 'news',
    title: 'Welcome to the new Community Hub',
    content:
      'The hub is where we share what works. Post a question, celebrate a win, or find the member who has solved your problem before.\n\nA reminder: referrals that close earn far more than anything else here — the leaderboard rewards outcomes, not noise.',
  },
  {
    by: 'james.okafor',
    daysAgo: 33,
    category: 'tips',
    title: 'Three questions that qualify an energy-transition lead',
    content:
      'Before I refer a grid or storage project I ask: who owns the budget, what is the regulatory deadline, and has a feasibility study been signed off?\n\nIf all three have answers, the lead moves fast. If not, it sits in review for months.',
  },
  {
    by: 'priya.raman',
    daysAgo: 27,
    category: 'success',
    title: 'Closed: interim CFO for a Series B biotech',
    content:
      'Thanks to Hannah for the introduction. The client needed a finance lead for nine months through their next raise; the placement started last week.\n\nLesson: a warm introduction beat three cold outreach sequences.',
    image: ['#4F46E5', '#0EA5E9'],
  },
  {
    by: 'sophie.laurent',
    daysAgo: 21,
    category: 'questions',
    title: 'Anyone placed a Chief Digital Officer in retail lately?',
    content: 'A client is weighing a permanent CDO against a 12-month interim. I would value a 15-minute call with anyone who has seen both work — or fail.',
  },
  {
    by: 'hannah.becker',
    daysAgo: 16,
    category: 'networking',
    title: 'M&A breakfast in the City — 12 places',
    content:
      'Informal breakfast for members working on buy-side mandates. No slides, just deal flow and lessons learned. Reply here or message me if you would like a seat.',
    image: ['#0F766E', '#84CC16'],
  },
  {
    by: 'oliver.grant',
    daysAgo: 11,
    category: 'discussion',
    title: 'Board advisory vs. non-executive roles: where do referrals land?',
    content:
      'In my experience advisory boards convert to paid mandates about a third of the time, NED roles less often but for longer. Curious what others see — details on the governance checklist I use at https://example.com/governance-checklist',
  },
  {
    by: 'aisha.khan',
    daysAgo: 6,
    category: 'tips',
    title: 'Writing a referral note the team can act on',
    content:
      'Name the decision maker, the problem in their words, the timeline and why now. Four lines. The review team told me my notes went from days to hours in qualification.',
  },
  {
    by: 'marcus.adeyemi',
    daysAgo: 2,
    category: 'news',
    title: 'Commission statements for last month are out',
    content:
      'Statements are in the Commission Tracker. Payouts for closed-won leads marked paid this week will land with the next payment run. Questions to the partnerships team as usual.',
  },
];

/** A demo endorsement: endorser, endorsee, one of the endorsee's listed skills. */
export interface DemoEndorsement {
  from: string;
  to: string;
  skill: string;
  message?: string;
  daysAgo: number;
}

export const DEMO_ENDORSEMENTS: DemoEndorsement[] = [
  { from: 'hannah.becker', to: 'priya.raman', skill: 'Mergers & Acquisitions', message: 'Sharp on valuation and calm in negotiation.', daysAgo: 30 },
  { from: 'james.okafor', to: 'priya.raman', skill: 'Financial Management', daysAgo: 25 },
  { from: 'oliver.grant', to: 'priya.raman', skill: 'Financial Management', message: 'Turned around a reporting mess in a quarter.', daysAgo: 19 },
  { from: 'aisha.khan', to: 'priya.raman', skill: 'Mergers & Acquisitions', daysAgo: 9 },
  { from: 'sophie.laurent', to: 'priya.raman', skill: 'Financial Management', daysAgo: 4 },
  { from: 'priya.raman', to: 'hannah.becker', skill: 'Risk Management', message: 'The best diligence partner I have worked with.', daysAgo: 28 },
  { from: 'priya.raman', to: 'james.okafor', skill: 'Executive Leadership', daysAgo: 22 },
  { from: 'tom.fletcher', to: 'james.okafor', skill: 'Change Management', daysAgo: 14 },
  { from: 'daniel.hughes', to: 'sophie.laurent', skill: 'Technology & Digital', daysAgo: 12 },
  { from: 'eleanor.whitmore', to: 'oliver.grant', skill: 'Corporate Governance', message: 'Our go-to on board structure.', daysAgo: 18 },
  { from: 'marcus.adeyemi', to: 'aisha.khan', skill: 'Technology & Digital', daysAgo: 7 },
  { from: 'hannah.becker', to: 'tom.fletcher', skill: 'International Business', daysAgo: 3 },
];
