import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../common/errors.ts';

/** A file read from a form: its bytes (not yet checked) and the name the sender gave it. */
export interface FormFile {
  bytes: Buffer;
  filename: string;
}

export interface MultipartFormRules {
  /** The one field a file may come in; a file in any other field, or a second file, is refused. */
  fileField: string;
  /** The text fields read; others are refused (`'refuse'`) or skipped (`'ignore'`, the default). */
  fields?: ReadonlySet<string>;
  otherFields?: 'refuse' | 'ignore';
  /** A per-request file size limit, where the route's multipart registration does not set the right one. */
  maxBytes?: number;
  /** The error for a file over the limit (each upload names its own limit in its message). */
  tooLarge: () => AppError;
  /** Wording of the refusal of a file in another field or a second file. */
  oneFileMessage?: string;
}

/**
 * Reads a multipart form: its text fields and at most one file, buffered up to the size limit (one byte more and
 * the upload is refused with 413 as it streams, before it is all read). Every upload route reads its form here.
 */
export async function readMultipartForm(request: FastifyRequest, rules: MultipartFormRules): Promise<{ fields: Record<string, string>; file: FormFile | null }> {
  const fields: Record<string, string> = {};
  let file: FormFile | null = null;
  const parts = rules.maxBytes === undefined ? request.parts() : request.parts({ limits: { fileSize: rules.maxBytes } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== rules.fileField || file) {
          part.file.resume();
          throw new AppError('bad_request', rules.oneFileMessage ?? `Send at most one file, in the field "${rules.fileField}".`);
        }
        file = { bytes: await part.toBuffer(), filename: part.filename ?? '' };
      } else {
        if (!rules.fields?.has(part.fieldname)) {
          if (rules.otherFields === 'refuse') throw new AppError('validation_failed', `Unrecognized field: "${part.fieldname}"`);
          continue;
        }
        if (part.valueTruncated)
          throw new AppError('validation_failed', 'A field is too long.', { issues: [{ path: part.fieldname, message: 'This field is too long.' }] });
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    if (e.statusCode === 413) throw new AppError('payload_too_large', 'The form has too many parts.');
    throw err;
  }
  return { fields, file };
}

/** A zod failure in the API's error shape (the same as a route schema's), for a body checked by hand. */
export function validationError(error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new AppError('validation_failed', issues[0]?.message ?? 'The request is not valid', { issues });
}
