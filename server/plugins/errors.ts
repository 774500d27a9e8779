import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorBody, type ErrorCode, type ErrorIssue } from '../../common/errors.ts';

/** Sends the one error shape of the API. */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string, issues?: ErrorIssue[]) {
  const body: ErrorBody = { error: { code, message, ...(issues ? { issues } : {}) } };
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * PostgreSQL data exceptions caused by what the client sent: bad text representation, bad datetime, numeric out
 * of range, and text PostgreSQL cannot store (a NUL character, 22021; an untranslatable one, 22P05).
 */
const BAD_INPUT_PG_CODES = new Set(['22P02', '22007', '22008', '22003', '22021', '22P05']);

/** Maps every thrown error, ours, Fastify's, zod's and the database's, to the error shape; hides the rest. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { cause?: unknown }, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return sendError(reply, err.code, err.message, err.issues);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: v.message ?? 'Invalid value' }));
      return sendError(reply, 'validation_failed', issues[0]?.message ?? 'The request is not valid', issues);
    }
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505') return sendError(reply, 'conflict', 'This record already exists');
    if (pgCode && BAD_INPUT_PG_CODES.has(pgCode)) return sendError(reply, 'bad_request', 'The request is not valid');
    const status = err.statusCode ?? 500;
    if (status < 500 && STATUS_CODES[status]) {
      const code = STATUS_CODES[status];
      const message = code === 'bad_request' || code === 'payload_too_large' || code === 'unsupported_media_type' ? safeMessage(err, status) : defaultMessage(code);
      if (status === 429 && err.message) return sendError(reply, code, 'Too many requests. Please try again later.');
      return sendError(reply, code, message);
    }
    if (status < 500) return sendError(reply, 'bad_request', 'The request could not be processed');
    request.log.error({ err, reqId: request.id }, 'unhandled error');
    return sendError(reply, 'internal', 'Something went wrong on our side. Please try again.');
  });
}

function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function defaultMessage(code: ErrorCode): string {
  switch (code) {
    case 'unauthorized':
      return 'Please sign in to continue.';
    case 'forbidden':
      return 'You do not have permission to do this.';
    case 'not_found':
      return 'Not found.';
    case 'conflict':
      return 'This record already exists';
    default:
      return 'The request could not be processed';
  }
}

/**
 * Fastify answers a malformed URL ('/api/%zz') or an over-long path parameter before any hook runs, in its own
 * shape, echoing the path and without the security headers. This sends the API's error shape instead, with
 * the headers the hooks would have set (helmet's do not run here).
 */
export function sendFrameworkError(_err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.headers({
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  return sendError(reply, 'bad_request', 'The request is not valid');
}

/** Fastify's own 4xx messages (bad JSON, wrong content type, too large) are safe and useful; keep them short. */
function safeMessage(err: FastifyError, status: number): string {
  if (status === 415) return 'Send the request body as JSON (Content-Type: application/json).';
  if (status === 413) return 'The request body is too large.';
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || /JSON/.test(err.message)) {
    return 'The request body is not valid JSON.';
  }
  return 'The request is not valid';
}
