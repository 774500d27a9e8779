/** The dashboard's daily quotes (a list of 15, one chosen by the day of the year). */
export const DAILY_QUOTES = [
  { text: 'Alone we can do so little; together we can do so much.', author: 'Helen Keller' },
  { text: 'Your network is your net worth.', author: 'Porter Gale' },
  { text: 'Management is doing things right; leadership is doing the right things.', author: 'Peter Drucker' },
  { text: "Great things in business are never done by one person. They're done by a team of people.", author: 'Steve Jobs' },
  { text: 'Your most unhappy customers are your greatest source of learning.', author: 'Bill Gates' },
  { text: 'It takes 20 years to build a reputation and five minutes to ruin it.', author: 'Warren Buffett' },
  { text: 'Price is what you pay. Value is what you get.', author: 'Warren Buffett' },
  { text: "The greatest danger in times of turbulence is not the turbulence; it is to act with yesterday's logic.", author: 'Peter Drucker' },
  { text: 'Chance favours only the prepared mind.', author: 'Louis Pasteur' },
  { text: 'Talent wins games, but teamwork and intelligence win championships.', author: 'Michael Jordan' },
  { text: 'The only way to do great work is to love what you do.', author: 'Steve Jobs' },
  { text: 'Leadership is the capacity to translate vision into reality.', author: 'Warren Bennis' },
  { text: 'Trust is the glue of life.', author: 'Stephen Covey' },
  { text: "Opportunities don't happen. You create them.", author: 'Chris Grosser' },
  { text: 'The best investment you can make is in yourself.', author: 'Warren Buffett' },
] as const;

export type DailyQuote = (typeof DAILY_QUOTES)[number];

/** Day of the year in local time, 1 on 1 January. */
export function dayOfYear(date: Date): number {
  const start = new Date(date.getFullYear(), 0, 0);
  const diff = date.getTime() - start.getTime() + (start.getTimezoneOffset() - date.getTimezoneOffset()) * 60_000;
  return Math.floor(diff / 86_400_000);
}

/** The quote for a given day: the same all day, a different one tomorrow. */
export function quoteOfTheDay(date: Date = new Date()): DailyQuote {
  return DAILY_QUOTES[dayOfYear(date) % DAILY_QUOTES.length];
}
