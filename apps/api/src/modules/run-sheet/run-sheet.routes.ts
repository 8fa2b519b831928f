import {
  markNameReadEndpoint,
  runSheetCsvEndpoint,
  runSheetEndpoint,
  runSheetPdfEndpoint,
  unmarkNameReadEndpoint,
} from '@puja/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { RunSheetService } from './run-sheet.service.ts';

/** The run sheet of a monastery's day and the ticks on its names (docs/api.md#run-sheet). */
export const runSheetRoutes: FastifyPluginAsyncZod<{ runSheet: RunSheetService }> = async (
  app,
  { runSheet },
) => {
  route(app, runSheetEndpoint, (request) => runSheet.read(viewerOf(request), request.query.date), {
    config: { heavy: true },
  });
  route(
    app,
    runSheetPdfEndpoint,
    async (request, reply) => {
      const { filename, pdf } = await runSheet.pdf(viewerOf(request), request.query.date, request.query.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
    { config: { heavy: true } },
  );
  route(
    app,
    runSheetCsvEndpoint,
    async (request, reply) => {
      const { filename, csv } = await runSheet.csv(viewerOf(request), request.query.date, request.query.lang);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
    { config: { heavy: true } },
  );
  route(app, markNameReadEndpoint, (request) => runSheet.markRead(viewerOf(request), request.params.nameId));
  route(app, unmarkNameReadEndpoint, (request) =>
    runSheet.unmarkRead(viewerOf(request), request.params.nameId),
  );
};
