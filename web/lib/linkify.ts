/** A piece of plain text: words as they are, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Candidates start with http:// or https:// and run to the next space or angle bracket. */
const CANDIDATE = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.io."). */
const TRAILING = /[.,;:!?'*_~]+$/;

/** Drops closing brackets that have no opening partner inside the address ("(see https://x.io/a)"). */
function trimUnbalanced(url: string): string {
  let out = url;
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    while (out.endsWith(close) && out.split(close).length > out.split(open).length) out = out.slice(0, -1);
  }
  return out;
}

/** The address as a link target, or null unless it is a well-formed http(s) URL with a host. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits plain text into text and links. Only http and https addresses become links (never javascript:, data:
 * or any other scheme), trailing punctuation and unmatched closing brackets stay text, and everything else is
 * returned as it was typed, for React to escape.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (s: string) => {
    if (!s) return;
    const prev = parts[parts.length - 1];
    if (prev?.kind === 'text') prev.text += s;
    else parts.push({ kind: 'text', text: s });
  };
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    let raw = match[0];
    for (let prev = ''; prev !== raw;) {
      prev = raw;
      raw = trimUnbalanced(raw.replace(TRAILING, ''));
    }
    const href = safeHref(raw);
    push(text.slice(last, start));
    if (href) parts.push({ kind: 'link', text: raw, href });
    else push(raw);
    last = start + raw.length;
  }
  push(text.slice(last));
  return parts;
}
