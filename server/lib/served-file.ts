/**
 * Headers every served member file carries: its real type only (never sniffed), nothing it could run, style or
 * frame even when opened on its own, and read only by this site's pages. Each route adds its type, length,
 * disposition and caching.
 */
export const SERVED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** A file name as a quoted header value (ASCII, no quotes) with its exact UTF-8 form beside it. */
export const dispositionName = (name: string): string =>
  `filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
