/** The last searches made from the palette, newest first, kept in this browser only. */
const KEY = 'cp.search.recent';
export const RECENT_LIMIT = 5;

export function readRecent(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Adds a search at the top (once, whatever its case) and keeps the last RECENT_LIMIT; answers the new list. */
export function rememberSearch(text: string): string[] {
  const q = text.trim();
  if (!q) return readRecent();
  const next = [q, ...readRecent().filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_LIMIT);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage refused (private mode, full): the list lives for this visit only
  }
  return next;
}

export function clearRecent(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept to clear
  }
}
