/** The text with every occurrence of the searched text (any case) marked. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const q = query.trim();
  if (!q) return text;
  const lower = text.toLowerCase();
  const needle = q.toLowerCase();
  const parts: Array<string | { mark: string }> = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push({ mark: text.slice(at, at + needle.length) });
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts.map((p, i) =>
    typeof p === 'string' ? (
      p
    ) : (
      <mark key={i} className="rounded-sm bg-primary-soft text-primary">
        {p.mark}
      </mark>
    ),
  );
}
