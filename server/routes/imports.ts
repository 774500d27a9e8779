import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../common/errors.ts';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importQuerySchema,
  importRefusalSchema,
  importReportSchema,
  memberImportFieldsSchema,
  type ImportReport,
} from '../../common/schemas/imports.ts';
import type { AppContext } from '../app.ts';
import { readMultipartForm, validationError } from '../lib/multipart-form.ts';
import { mailLinkOrigin } from '../lib/request-target.ts';
import { importLeads } from '../services/import-leads.ts';
import { importMembers } from '../services/import-members.ts';

const admin = { access: 'admin' as const };
const schema = { querystring: importQuerySchema, response: { 200: importReportSchema, 422: importRefusalSchema } };

/** The form: one CSV file in `file`, and for members the status they start in. */
async function readImportForm(request: FastifyRequest, fields: ReadonlySet<string>) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', IMPORT_MESSAGES.notMultipart);
  const form = await readMultipartForm(request, {
    fileField: 'file',
    fields,
    otherFields: 'refuse',
    maxBytes: IMPORT_LIMITS.bytes,
    tooLarge: () => new AppError('payload_too_large', IMPORT_MESSAGES.tooLarge),
    oneFileMessage: 'Send one CSV file, in the field "file".',
  });
  if (!form.file || form.file.bytes.length === 0)
    throw new AppError('validation_failed', IMPORT_MESSAGES.noFile, { issues: [{ path: 'file', message: IMPORT_MESSAGES.noFile }] });
  return { fields: form.fields, bytes: form.file.bytes };
}

/** A report with problems refuses the import (422), the report beside the error; otherwise the report itself. */
function answer(reply: FastifyReply, report: ImportReport) {
  if (report.dryRun || report.errors.length === 0) return reply.code(200).send(report);
  const perCell = report.errors.map((e) => ({ path: `row ${e.row}${e.column ? ` ${e.column}` : ''}`, message: e.message }));
  return reply.code(422).send({ error: { code: 'validation_failed' as const, message: IMPORT_MESSAGES.invalidRows, issues: perCell }, report });
}

/**
 * CSV imports of the Admin Panel (administrators only): members and leads brought from another system. `dryRun=true`
 * answers the per-row report and writes nothing; otherwise the file is imported whole or not at all.
 */
export const importRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // multipart is understood by these routes alone; the rest of the API speaks JSON only
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 100 },
      throwFileSizeLimit: true,
    });

    app.post('/api/admin/imports/members', { config: admin, schema }, async (request, reply) => {
      const { fields, bytes } = await readImportForm(request, new Set(['status']));
      const parsed = memberImportFieldsSchema.safeParse(fields);
      if (!parsed.success) throw validationError(parsed.error);
      const deps = { db: ctx.db, config: ctx.config, mailer: ctx.mailer, jobs: ctx.jobs, now: ctx.now, log: request.log };
      const report = await importMembers(deps, request.user!, bytes, {
        dryRun: request.query.dryRun,
        status: parsed.data.status,
        origin: mailLinkOrigin(ctx.config.publicUrl, request),
      });
      if (!report.dryRun) request.log.info({ created: report.created, skipped: report.skipped, errors: report.errors.length }, 'members import');
      return answer(reply, report);
    });

    app.post('/api/admin/imports/leads', { config: admin, schema }, async (request, reply) => {
      const { bytes } = await readImportForm(request, new Set());
      const report = await importLeads({ db: ctx.db, now: ctx.now }, request.user!, bytes, request.query.dryRun);
      if (!report.dryRun) request.log.info({ created: report.created, skipped: report.skipped, errors: report.errors.length }, 'leads import');
      return answer(reply, report);
    });
  };
