/** The six feed categories, in the order the filter and the Share Your Thoughts dialog list them. */
export const POST_CATEGORIES = ['discussion', 'tips', 'success', 'questions', 'networking', 'news'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const POST_CATEGORY_LABELS: Record<PostCategory, string> = {
  discussion: 'Discussion',
  tips: 'Tips',
  success: 'Success Stories',
  questions: 'Questions',
  networking: 'Networking',
  news: 'News',
};

/** Limits of the community area; the server enforces them and the forms show them. */
export const COMMUNITY_LIMITS = {
  postTitle: { max: 150 },
  postContent: { max: 5000 },
  commentContent: { max: 2000 },
  /** A post image: at most 5 MB, JPEG, PNG, GIF or WebP by its bytes; stored re-encoded, at most 1600 px wide or high. */
  postImageBytes: 5 * 1024 * 1024,
  postImageMaxPx: 1600,
  endorsementMessage: { max: 250 },
  skillName: { max: 100 },
  ceoSubject: { max: 150 },
  ceoMessage: { max: 2000 },
  /** CEO Contact messages a member may send per London day. */
  ceoMessagesPerDay: 5,
  /** Connection requests a member may send in any 24 hours. */
  connectionRequestsPerDay: 50,
} as const;

export const CONNECTION_REQUESTS_LIMITED = `You can send up to ${COMMUNITY_LIMITS.connectionRequestsPerDay} connection requests a day. Please try again later.`;

export const POST_IMAGE_ERRORS = {
  tooLarge: 'File too large: Please select an image under 5MB.',
  badType: 'Invalid file type: Please select a JPEG, PNG, or GIF image.',
} as const;

/** Timings of the directory's first-visit welcome and the achievement celebration (milliseconds). */
export const WELCOME_STAGES_MS = [500, 1200, 1900, 2600] as const;
export const WELCOME_AUTO_CLOSE_MS = 4000;
export const SPARKLE_MS = 3000;
/** The key under which the directory welcome is remembered as seen (server and browser). */
export const DIRECTORY_WELCOME = 'directory-welcome';

/** Leaderboard periods, in London time. */
export const LEADERBOARD_PERIODS = ['month', 'quarter', 'year', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = { month: 'This month', quarter: 'This quarter', year: 'This year', all: 'All time' };
