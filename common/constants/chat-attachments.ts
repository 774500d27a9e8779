/** What a chat message may carry: one image or PDF, checked by its bytes on the server. */
export const CHAT_ATTACHMENT_LIMITS = {
  /** The largest file a message takes, an image or a PDF. */
  bytes: 10 * 1024 * 1024,
  imageBytes: 10 * 1024 * 1024,
  /** Files a member may send in an hour (each one is checked, and an image decoded, before it is stored). */
  uploadsPerWindow: 30,
  uploadWindowMs: 3_600_000,
  /** Characters of the member's own name for the file that are kept (the rest of a longer name is cut). */
  name: 200,
} as const;

/** The stored types: an image is re-encoded to JPEG or WebP; a PDF is kept as sent. */
export const CHAT_ATTACHMENT_TYPES = ['image/jpeg', 'image/webp', 'application/pdf'] as const;
export type ChatAttachmentType = (typeof CHAT_ATTACHMENT_TYPES)[number];

/** What the file picker offers; the server decides by the bytes. */
export const CHAT_ATTACHMENT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf,.pdf';

export const CHAT_ATTACHMENT_ERRORS = {
  tooLarge: 'File too large: please choose a file under 10 MB.',
  imageTooLarge: 'File too large: please choose an image under 10 MB.',
  badType: 'Invalid file type: please choose a JPEG, PNG, WebP or GIF image, or a PDF.',
  activePdf: 'This PDF contains scripts or other active content, which are not accepted. Please save it as a plain PDF.',
  uncheckedPdf: 'This PDF cannot be checked. Please save it again as a plain PDF.',
  empty: 'Please choose a file to attach.',
  tooMany: 'You are sending files too often. Please wait a while before attaching another.',
  nothing: 'Write a message or attach a file.',
} as const;

/** The search of chat messages: the text looked for, in characters. */
export const CHAT_SEARCH_LIMITS = { q: { min: 3, max: 100 }, page: { default: 20, max: 50 }, snippet: 160 } as const;
