/**
 * A notification's link as it may be shown: a path on this site ('/leads', '/events?event=…'), never another site.
 * Anything else, including a scheme-relative '//host' or '/\host' (which browsers read as '//host') and text with
 * control characters or spaces (which URL parsing strips or mangles), answers null: the item is then not a link.
 */
export function sameSitePath(url: string | null | undefined): string | null {
  if (!url || url[0] !== '/') return null;
  if (url[1] === '/' || url[1] === '\\') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(url)) return null;
  return url;
}
