/** Limits of member chat; the server enforces them and the forms show them. */
export const CHAT_LIMITS = {
  channelName: { max: 80 },
  channelDescription: { max: 500 },
  message: { max: 4000 },
  /** Messages a member may send in any window of `messageWindowMs` (across every channel). */
  messagesPerWindow: 30,
  messageWindowMs: 60_000,
  /** Messages in one page of a channel's history. */
  messagePage: { default: 50, max: 100 },
  /** Characters of the last message shown in the channel list. */
  preview: 140,
  /** Group channels a member may create in any 24 hours. */
  channelsPerDay: 10,
} as const;

export const CHAT_CHANNEL_TYPES = ['group', 'direct'] as const;
export type ChatChannelType = (typeof CHAT_CHANNEL_TYPES)[number];

export const CHAT_ROLES = ['owner', 'member'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export const CHAT_MESSAGES = {
  rateLimited: `You can send up to ${CHAT_LIMITS.messagesPerWindow} messages a minute. Please wait a moment.`,
  channelsLimited: `You can create up to ${CHAT_LIMITS.channelsPerDay} channels a day. Please try again later.`,
  notConnected: 'You can only message members you are connected with.',
  disconnected: 'You are no longer connected with this member, so you cannot send new messages here.',
} as const;
