/** Error codes the API answers with, and the HTTP status each one maps to. */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  /** An administrator whose account must turn on two-factor sign-in first (an admin setting). */
  two_factor_required: 403,
  /** A sensitive change (e-mail, sign-in methods, data export, deletion, other sessions) needs the identity confirmed first. */
  reauthentication_required: 403,
  /** An API token used on a route that takes no tokens. */
  token_not_allowed: 403,
  /** An API token used on a route it holds no scope for. */
  insufficient_scope: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unsupported_media_type: 415,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorIssue {
  path: string;
  message: string;
}

/** The one shape of every error answer. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; issues?: ErrorIssue[] };
}

/** An error a route throws on purpose; the error handler turns it into the shape above. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ErrorIssue[];
  readonly headers?: Record<string, string>;
  constructor(code: ErrorCode, message: string, opts: { issues?: ErrorIssue[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.code = code;
    this.issues = opts.issues;
    this.headers = opts.headers;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
