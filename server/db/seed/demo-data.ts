/** Believable demo members for `npm run seed:demo`: executives across industries, some still applying. */
export interface DemoPerson {
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
  location: string;
  industries: string[];
  expertise: string[];
  businessInterests: string[];
  yearsExperience: number;
  bio: string;
  networkingGoals: string;
  status: 'approved' | 'pending' | 'rejected';
  role?: 'partner' | 'admin' | 'master-admin';
  tier?: 'standard' | 'cp-plus';
  /** How far an admin got with an applicant's review checklist, and the risk they noted. */
  review?: DemoReview;
}

export interface DemoReview {
  companyVerified?: boolean;
  linkedinChecked?: boolean;
  backgroundVerified?: boolean;
  referenceChecked?: boolean;
  riskAssessment: 'low' | 'medium' | 'high';
  competitorFlag?: boolean;
  reviewerNotes?: string;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { firstName: 'Eleanor', lastName: 'Whitmore', company: 'Chief Partners', jobTitle: 'Managing Director', location: 'London, UK', industries: ['Consulting', 'Banking & Finance'], expertise: ['Executive Leadership', 'Corporate Governance'], businessInterests: ['Board Positions', 'Mentoring'], yearsExperience: 28, bio: 'Founder of the partner network; former COO at a FTSE 250 insurer and chair of two charities.', networkingGoals: 'Grow a trusted circle of executives who refer each other.', status: 'approved', role: 'master-admin', tier: 'cp-plus' },
  { firstName: 'Marcus', lastName: 'Adeyemi', company: 'Chief Partners', jobTitle: 'Head of Partnerships', location: 'Manchester, UK', industries: ['Consulting', 'Technology'], expertise: ['Business Development', 'Sales & Marketing'], businessInterests: ['Strategic Partnerships', 'Industry Networking'], yearsExperience: 17, bio: 'Runs partner onboarding and lead qualification; previously built channel sales at a SaaS scale-up.', networkingGoals: 'Help new partners close their first referral.', status: 'approved', role: 'admin' },
  { firstName: 'Priya', lastName: 'Raman', company: 'Helix Biotherapeutics', jobTitle: 'Chief Financial Officer', location: 'Cambridge, UK', industries: ['Biotechnology', 'Pharmaceuticals'], expertise: ['Financial Management', 'Mergers & Acquisitions'], businessInterests: ['Board Positions', 'Investment Opportunities'], yearsExperience: 21, bio: 'CFO who took two life-science companies through Series C and a Nasdaq listing.', networkingGoals: 'Meet interim finance leaders and non-executive directors.', status: 'approved', tier: 'cp-plus' },
  { firstName: 'James', lastName: 'Okafor', company: 'Northbridge Energy', jobTitle: 'Chief Executive Officer', location: 'Aberdeen, UK', industries: ['Energy', 'Utilities'], expertise: ['Executive Leadership', 'Change Management'], businessInterests: ['Advisory Roles', 'Joint Ventures'], yearsExperience: 26, bio: 'CEO leading an energy-transition business from offshore services into renewables.', networkingGoals: 'Find advisers on grid-scale storage and partnerships.', status: 'approved' },
  { firstName: 'Sophie', lastName: 'Laurent', company: 'Atelier Retail Group', jobTitle: 'Chief Operating Officer', location: 'London, UK', industries: ['Retail', 'Consumer Goods'], expertise: ['Operations Management', 'Technology & Digital'], businessInterests: ['Interim Executive', 'Consulting Projects'], yearsExperience: 19, bio: 'Operator who rebuilt supply chains for two premium retail brands after the pandemic.', networkingGoals: 'Share playbooks with COOs in retail and hospitality.', status: 'approved' },
  { firstName: 'Daniel', lastName: 'Hughes', company: 'Keystone Housing', jobTitle: 'Founder', location: 'Leeds, UK', industries: ['Housing', 'Real Estate', 'Construction'], expertise: ['Entrepreneurship', 'Project Management'], businessInterests: ['Investment Opportunities', 'Strategic Partnerships'], yearsExperience: 14, bio: 'Founder of a modular affordable-housing developer working with local authorities.', networkingGoals: 'Meet investors and public-sector leaders in housing.', status: 'approved' },
  { firstName: 'Hannah', lastName: 'Becker', company: 'Meridian Capital', jobTitle: 'Partner', location: 'Edinburgh, UK', industries: ['Private Equities', 'Banking & Finance'], expertise: ['Mergers & Acquisitions', 'Risk Management'], businessInterests: ['Board Positions', 'Recruitment Assistance'], yearsExperience: 18, bio: 'Private-equity partner placing chairs and CFOs into portfolio companies.', networkingGoals: 'Source interim executives for portfolio companies.', status: 'approved', tier: 'cp-plus' },
  { firstName: 'Oliver', lastName: 'Grant', company: 'Grant Advisory', jobTitle: 'Non-Executive Director', location: 'Bristol, UK', industries: ['Manufacturing', 'Aerospace'], expertise: ['Corporate Governance', 'Strategic Planning'], businessInterests: ['Advisory Roles', 'Speaking Engagements'], yearsExperience: 32, bio: 'Former aerospace MD, now sitting on three industrial boards and chairing an audit committee.', networkingGoals: 'Mentor first-time board members.', status: 'approved' },
  { firstName: 'Aisha', lastName: 'Khan', company: 'Veritas Health', jobTitle: 'Chief Digital Officer', location: 'Birmingham, UK', industries: ['Healthcare', 'Technology'], expertise: ['Technology & Digital', 'Change Management'], businessInterests: ['Knowledge Sharing', 'Mentoring'], yearsExperience: 15, bio: 'Digital leader modernising patient systems across a private hospital group.', networkingGoals: 'Exchange ideas with CIOs and CDOs in regulated industries.', status: 'approved' },
  { firstName: 'Tom', lastName: 'Fletcher', company: 'Fletcher & Co', jobTitle: 'Managing Partner', location: 'London, UK', industries: ['Legal', 'Consulting'], expertise: ['Risk Management', 'International Business'], businessInterests: ['Consulting Projects', 'Industry Networking'], yearsExperience: 23, bio: 'Corporate lawyer advising founders on cross-border deals and governance.', networkingGoals: 'Refer clients to trusted interim executives.', status: 'approved' },
  { firstName: 'Grace', lastName: 'Mensah', company: 'Lumen Media', jobTitle: 'Chief Marketing Officer', location: 'London, UK', industries: ['Media', 'Entertainment'], expertise: ['Sales & Marketing', 'Business Development'], businessInterests: ['Speaking Engagements', 'Advisory Roles'], yearsExperience: 16, bio: 'Brand builder who launched streaming products in twelve markets.', networkingGoals: 'Meet CEOs looking for growth advisers.', status: 'pending', review: { companyVerified: true, linkedinChecked: true, riskAssessment: 'low', reviewerNotes: 'Strong media background; references requested from two former CEOs.' } },
  { firstName: 'Lukas', lastName: 'Schmidt', company: 'Transline Logistics', jobTitle: 'VP Operations', location: 'Hamburg, Germany', industries: ['Transportation', 'Manufacturing'], expertise: ['Operations Management', 'International Business'], businessInterests: ['Interim Executive', 'Joint Ventures'], yearsExperience: 12, bio: 'Operations executive running a pan-European freight network of 40 depots.', networkingGoals: 'Find interim COO roles in the UK.', status: 'pending', review: { companyVerified: true, riskAssessment: 'medium', reviewerNotes: 'Based in Hamburg: confirm availability for UK mandates before approving.' } },
  { firstName: 'Rebecca', lastName: 'Cole', company: 'Harbour Insurance', jobTitle: 'Chief Risk Officer', location: 'Glasgow, UK', industries: ['Insurance', 'Banking & Finance'], expertise: ['Risk Management', 'Financial Management'], businessInterests: ['Board Positions', 'Knowledge Sharing'], yearsExperience: 20, bio: 'Risk officer who led Solvency II programmes at two insurers.', networkingGoals: 'Meet NEDs and audit chairs.', status: 'pending', review: { companyVerified: true, linkedinChecked: true, backgroundVerified: true, referenceChecked: true, riskAssessment: 'low', reviewerNotes: 'All checks complete; ready for a decision.' } },
  { firstName: 'Ethan', lastName: 'Price', company: 'Brightwave Telecom', jobTitle: 'Sales Director', location: 'Reading, UK', industries: ['Telecommunications'], expertise: ['Sales & Marketing'], businessInterests: ['Industry Networking'], yearsExperience: 6, bio: 'Enterprise sales leader for connectivity and managed services.', networkingGoals: 'Grow my network in the enterprise market.', status: 'pending', review: { linkedinChecked: true, riskAssessment: 'high', competitorFlag: true, reviewerNotes: 'Sells for a reseller that competes with two members; LinkedIn shows under six years in senior roles.' } },
  { firstName: 'Mei', lastName: 'Chen', company: 'Jade Hospitality', jobTitle: 'General Manager', location: 'London, UK', industries: ['Hospitality'], expertise: ['Operations Management', 'Human Resources'], businessInterests: ['Mentoring', 'Knowledge Sharing'], yearsExperience: 11, bio: 'Hotel general manager who turned round a 300-room property in two years.', networkingGoals: 'Learn from leaders who have moved into advisory work.', status: 'rejected', review: { companyVerified: true, linkedinChecked: true, riskAssessment: 'medium', reviewerNotes: 'Not yet at the executive level the network is for; invited to reapply.' } },
];
