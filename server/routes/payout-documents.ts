import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningsStatementListSchema, taxYearSchema } from '../../common/schemas/payouts.ts';
import type { AppContext } from '../app.ts';
import { PAYOUT_MESSAGES } from '../policies/payouts.ts';
import { earningsStatement, listEarningsStatements, payoutBankFile, payoutPaypalFile, payoutStatement } from '../services/payout-documents.ts';

const runParams = z.object({ id: z.uuid(PAYOUT_MESSAGES.notFound) });
const lineParams = z.object({ lineId: z.uuid(PAYOUT_MESSAGES.statementNotFound) });
const paypalQuery = z.object({ part: z.coerce.number().int().min(1).max(1000).default(1) });
// "2025-26.pdf" or "2025-26.csv": the tax year as the shared schema has it, and the format
const earningsParams = z.object({
  file: z.string().refine((f) => /^[^.]+\.(pdf|csv)$/.test(f) && taxYearSchema.safeParse(f.slice(0, -4)).success, 'Tax year must look like 2025-26'),
});

/** Documents are the member's own money matters: never kept by a browser or a proxy. */
const PRIVATE = 'private, no-store';

/** The payout documents: a run's bank and PayPal files (administrators), a payout's statement and the yearly earnings statements. */
export const payoutDocumentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const admin = { access: 'admin' as const };

    app.get('/api/admin/payout-runs/:id/bank-file.xml', { config: admin, schema: { params: runParams } }, async (request, reply) => {
      const file = await payoutBankFile(ctx.db, ctx.config, request.user!, request.params.id, ctx.now());
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', PRIVATE)
        .send(file.xml);
    });

    app.get('/api/admin/payout-runs/:id/paypal.csv', { config: admin, schema: { params: runParams, querystring: paypalQuery } }, async (request, reply) => {
      const file = await payoutPaypalFile(ctx.db, ctx.config, request.user!, request.params.id, request.query.part, ctx.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', PRIVATE)
        .header('x-file-parts', String(file.parts))
        .send(file.csv);
    });

    app.get('/api/payouts/:lineId/statement.pdf', { schema: { params: lineParams } }, async (request, reply) => {
      const { filename, pdf } = await payoutStatement(ctx.db, ctx.config, request.user!, request.params.lineId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', PRIVATE).send(pdf);
    });

    app.get('/api/earnings-statements', { schema: { response: { 200: earningsStatementListSchema } } }, async (request) => listEarningsStatements(ctx.db, request.user!));

    app.get('/api/earnings-statements/:file', { schema: { params: earningsParams } }, async (request, reply) => {
      const [taxYear, format] = request.params.file.split('.') as [string, 'pdf' | 'csv'];
      const doc = await earningsStatement(ctx.db, ctx.config, request.user!, taxYear, format);
      return reply.type(doc.type).header('content-disposition', `attachment; filename="${doc.filename}"`).header('cache-control', PRIVATE).send(doc.body);
    });
  };
