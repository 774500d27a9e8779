/**
 * The point rules: the one table the server awards from and My Progress explains. Business outcomes earn the
 * most; low-value actions earn a little and only a few times a day, so a busy feed never outranks a closed deal.
 * Each award names what earned it (a lead, a post, an endorsement), and the same thing never earns the same
 * award twice, however often a status moves back and forth.
 */
export const POINT_RULES = {
  lead_submitted: { points: 10, label: 'Lead submitted', explanation: 'Each lead you refer' },
  lead_qualified: { points: 25, label: 'Lead qualified', explanation: 'Once per lead, when it is qualified or moves beyond' },
  lead_won: { points: 100, label: 'Deal won', explanation: 'Once per lead, when it closes as won, plus 1 point per £100 of its value', perHundredPounds: 1 },
  post_created: { points: 5, label: 'Community post', explanation: 'Up to 3 posts a day; taken back if the post is deleted', dailyCap: 3 },
  comment_created: {
    points: 1,
    label: 'Community comment',
    explanation: 'Up to 3 comments a day on other members’ posts; taken back if the comment is deleted',
    dailyCap: 3,
  },
  endorsement_given: { points: 2, label: 'Endorsement given', explanation: 'Up to 10 endorsements a day; taken back if withdrawn', dailyCap: 10 },
  endorsement_received: { points: 5, label: 'Endorsement received', explanation: 'Each endorsement of one of your skills; taken back if withdrawn' },
  connection_accepted: {
    points: 5,
    label: 'New connection',
    explanation: 'For both members, when a connection request is accepted; taken back from both if the connection is removed',
  },
  event_attended: { points: 15, label: 'Event attended', explanation: 'Once per event, when an admin confirms you attended; taken back if that is corrected' },
  achievement: { points: 0, label: 'Achievement unlocked', explanation: 'Each achievement carries its own reward' },
} as const satisfies Record<string, PointRule>;

export interface PointRule {
  points: number;
  label: string;
  explanation: string;
  /** At most this many awards of the rule a day (London time); further ones earn nothing. */
  dailyCap?: number;
  /** Extra points per whole £100 of the deal's value. */
  perHundredPounds?: number;
}

export type PointActivity = keyof typeof POINT_RULES;
export const POINT_ACTIVITIES = Object.keys(POINT_RULES) as PointActivity[];

/** The activity type of a reversal: the points a deleted post or withdrawn endorsement earned, taken back. */
export const reversalOf = (activity: PointActivity) => `${activity}_reversed` as const;

/** Points a closed-won lead earns: the base award plus 1 per whole £100 of its value (value in pence). */
export function wonPoints(valuePence: number): number {
  const r = POINT_RULES.lead_won;
  return r.points + Math.floor(Math.max(0, valuePence) / 10_000) * r.perHundredPounds;
}

/** The achievement requirements a member's progress is counted in. */
export const REQUIREMENT_TYPES = ['leads_submitted', 'leads_won', 'posts', 'connections', 'endorsements_received', 'mentor_profile', 'event_registrations'] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];
