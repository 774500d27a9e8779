/**
 * The demo's chat: a few group channels and direct conversations between connected members, with messages over
 * the last fortnight. A moment is days before now at a time of day (UTC), or minutes before now for today's.
 * `reply` is the index of an earlier message of the same script; `edited` is what its author changed it to.
 */

export type ChatMoment = { days: number; at: string } | { minutesAgo: number };

export interface DemoChatMessage {
  by: string;
  when: ChatMoment;
  text: string;
  reply?: number;
  edited?: string;
}

export interface DemoChatScript {
  /** A group channel; absent for a direct conversation. */
  group?: { name: string; description: string; isPrivate: boolean; owner: string; createdDaysAgo: number };
  /** The members besides the owner, or the two members of a direct conversation. */
  members: string[];
  messages: DemoChatMessage[];
  /** For the demo member: how many of the last messages by others stay unread (the rest is read). */
  priyaUnread?: number;
}

export const DEMO_PRIYA = 'priya.raman';

export const DEMO_CHATS: DemoChatScript[] = [
  {
    group: {
      name: 'General',
      description: 'Announcements, introductions and anything that concerns the whole network.',
      isPrivate: false,
      owner: 'marcus.adeyemi',
      createdDaysAgo: 16,
    },
    members: ['eleanor.whitmore', 'priya.raman', 'james.okafor', 'sophie.laurent', 'daniel.hughes', 'hannah.becker', 'oliver.grant', 'aisha.khan', 'tom.fletcher'],
    messages: [
      {
        by: 'marcus.adeyemi',
        when: { days: 14, at: '08:45' },
        text: 'Morning all, and welcome to chat. Use General for network-wide news; deal-specific threads have their own channels. Browse the list to join the ones that fit your practice.',
      },
      {
        by: 'eleanor.whitmore',
        when: { days: 14, at: '09:02' },
        text: 'Thanks Marcus. A reminder that Q4 commission statements go out on the 1st. If anything looks off, message me directly.',
      },
      {
        by: 'james.okafor',
        when: { days: 13, at: '11:20' },
        text: 'Hello everyone, James here. New to the network; I run a logistics business in Leeds and I am keen to meet people working on supply-chain finance.',
      },
      {
        by: 'oliver.grant',
        when: { days: 13, at: '11:41' },
        text: 'Welcome James. Happy to introduce you to a couple of lenders who do exactly that. I will send details.',
        reply: 2,
      },
      {
        by: 'sophie.laurent',
        when: { days: 10, at: '16:05' },
        text: 'Slides from last week’s operations roundtable are on the shared drive: https://example.com/roundtable-slides',
      },
      { by: 'aisha.khan', when: { days: 10, at: '16:30' }, text: 'Thank you Sophie, the section on vendor consolidation was excellent.' },
      { by: 'tom.fletcher', when: { days: 6, at: '09:15' }, text: 'Is anyone going to the fintech breakfast in Canary Wharf on Thursday? I have two spare places.' },
      { by: 'daniel.hughes', when: { days: 6, at: '09:48' }, text: 'I’d take one if it’s still going, Tom.', reply: 6 },
      { by: 'tom.fletcher', when: { days: 6, at: '10:02' }, text: 'It’s yours. I’ll forward the invitation.' },
      {
        by: 'marcus.adeyemi',
        when: { days: 2, at: '14:10' },
        text: 'Reminder: the partner networking evening is on the events calendar. Please register by Friday so we can confirm numbers with the venue.',
      },
      { by: 'hannah.becker', when: { days: 1, at: '17:25' }, text: 'Registered. Looking forward to seeing everyone in person.' },
    ],
  },
  {
    group: {
      name: 'Deal Flow — Interim',
      description: 'Interim executive mandates: who is looking, who is available, and introductions.',
      isPrivate: false,
      owner: 'hannah.becker',
      createdDaysAgo: 12,
    },
    members: ['priya.raman', 'tom.fletcher', 'oliver.grant', 'james.okafor', 'daniel.hughes'],
    messages: [
      {
        by: 'hannah.becker',
        when: { days: 11, at: '10:00' },
        text: 'Kicking this off: post interim mandates here with sector, length and day rate band. Keep client names out until both sides agree to an introduction.',
      },
      {
        by: 'tom.fletcher',
        when: { days: 11, at: '10:35' },
        text: 'Life-sciences scale-up, Cambridge, needs an interim CFO for six months ahead of a Series C. £1,100–1,300 a day.',
      },
      {
        by: 'priya.raman',
        when: { days: 11, at: '10:52' },
        text: 'That’s squarely my area. Happy to talk, and I know two others who would fit if timing doesn’t work.',
        reply: 1,
      },
      { by: 'tom.fletcher', when: { days: 11, at: '11:05' }, text: 'Great, I’ll message you the brief.' },
      {
        by: 'oliver.grant',
        when: { days: 8, at: '15:20' },
        text: 'An industrials group in the Midlands is looking for an interim COO to steady a plant consolidation. Nine months, likely extension.',
      },
      {
        by: 'daniel.hughes',
        when: { days: 8, at: '15:44' },
        text: 'Would they consider someone from construction operations? I have a strong candidate who ran three sites.',
        reply: 4,
        edited: 'Would they consider someone from construction operations? I have a strong candidate who ran three sites at once for a Tier 1 contractor.',
      },
      { by: 'oliver.grant', when: { days: 8, at: '16:02' }, text: 'Possibly: send me a short profile and I’ll ask.' },
      { by: 'james.okafor', when: { days: 5, at: '09:30' }, text: 'Quick one: what are people seeing on interim day rates for CFOs outside London this year?' },
      {
        by: 'hannah.becker',
        when: { days: 5, at: '09:58' },
        text: 'Broadly £850–1,050 in the regions, more for transaction work. Rates have held up better than permanent salaries.',
        reply: 7,
      },
      { by: 'priya.raman', when: { days: 5, at: '10:10' }, text: 'Agree with Hannah. Transaction-heavy roles in the North are touching £1,150.' },
      {
        by: 'tom.fletcher',
        when: { days: 1, at: '08:40' },
        text: 'Update on the Cambridge CFO role: the client would like to meet two candidates next week. Priya, are you free Tuesday or Wednesday?',
      },
    ],
    priyaUnread: 1,
  },
  {
    group: {
      name: 'Board Advisors',
      description: 'Non-executive and advisory board roles: private to the advisors’ group.',
      isPrivate: true,
      owner: 'oliver.grant',
      createdDaysAgo: 9,
    },
    members: ['eleanor.whitmore', 'james.okafor', 'priya.raman'],
    messages: [
      { by: 'oliver.grant', when: { days: 9, at: '12:00' }, text: 'I have set this up for those of us taking on NED and advisory roles. Chatham House rules, please.' },
      {
        by: 'eleanor.whitmore',
        when: { days: 9, at: '12:30' },
        text: 'Good idea. I am chairing an audit committee from January, so very happy to compare notes on committee packs.',
      },
      { by: 'james.okafor', when: { days: 7, at: '18:10' }, text: 'Question for the group: how do you handle a founder-CEO who treats the board as a formality?' },
      {
        by: 'oliver.grant',
        when: { days: 7, at: '18:45' },
        text: 'Agree a board calendar and a decisions log early. It makes the formality visible and hard to ignore.',
        reply: 2,
      },
      {
        by: 'priya.raman',
        when: { days: 7, at: '19:05' },
        text: 'And get the finance pack to board members five working days before the meeting. It changes the conversation completely.',
      },
      { by: 'eleanor.whitmore', when: { days: 3, at: '08:20' }, text: 'Useful read on board effectiveness reviews: https://example.com/board-effectiveness-2026' },
    ],
  },
  {
    group: {
      name: 'Events & Meetups',
      description: 'Plans for regional meetups and who is going where.',
      isPrivate: false,
      owner: 'sophie.laurent',
      createdDaysAgo: 5,
    },
    members: ['aisha.khan', 'daniel.hughes'],
    messages: [
      { by: 'sophie.laurent', when: { days: 5, at: '13:00' }, text: 'Thinking of a Manchester meetup in February. Would people travel for it?' },
      { by: 'aisha.khan', when: { days: 5, at: '13:22' }, text: 'Yes, and Leeds folk would come over too.' },
      { by: 'daniel.hughes', when: { days: 4, at: '09:10' }, text: 'Count me in. I can ask about a room at our Spinningfields office.' },
    ],
  },
  {
    members: ['priya.raman', 'hannah.becker'],
    messages: [
      {
        by: 'priya.raman',
        when: { days: 4, at: '16:40' },
        text: 'Hannah, thanks for the steer on rates earlier. Are you seeing much demand for interim finance directors in housing associations?',
      },
      { by: 'hannah.becker', when: { days: 4, at: '17:05' }, text: 'Some, mostly around regulatory reporting. I’ll dig out the two briefs I have.' },
      { by: 'hannah.becker', when: { minutesAgo: 95 }, text: 'Found them: one in Bristol, one in Leeds, both six months from March.' },
      { by: 'hannah.becker', when: { minutesAgo: 93 }, text: 'Shall I introduce you to the Leeds one? They want someone who has done a turnaround.' },
    ],
    priyaUnread: 2,
  },
  {
    members: ['tom.fletcher', 'priya.raman'],
    messages: [
      {
        by: 'tom.fletcher',
        when: { days: 11, at: '11:10' },
        text: 'Here is the brief for the Cambridge role: Series C in spring, finance team of six, audit with a Big Four firm.',
      },
      { by: 'priya.raman', when: { days: 11, at: '13:30' }, text: 'Thanks Tom. It looks a good fit. I’ll send a short note on relevant deals by Friday.' },
      { by: 'priya.raman', when: { days: 9, at: '10:15' }, text: 'Note sent to your inbox. Happy for you to share it with the client.' },
      { by: 'tom.fletcher', when: { days: 9, at: '10:40' }, text: 'Perfect, forwarding now.' },
    ],
  },
  {
    members: ['james.okafor', 'oliver.grant'],
    messages: [
      {
        by: 'oliver.grant',
        when: { days: 13, at: '12:05' },
        text: 'As promised: two lenders who do supply-chain finance for mid-market logistics. Both happy to take a call.',
      },
      { by: 'james.okafor', when: { days: 13, at: '12:40' }, text: 'Very kind, thank you. I’ll reach out this week.' },
    ],
  },
];
