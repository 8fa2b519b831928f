import {
  DEFAULT_LANGUAGE,
  earningsPayoutsEndpoint,
  earningsSummaryEndpoint,
  statementCsvEndpoint,
  statementEndpoint,
  statementPdfEndpoint,
} from '@puja/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { viewerOf } from '../../plugins/auth.ts';
import type { EarningsService } from './earnings.service.ts';

/** The reader's language: the one the web app asks in, else the account's. */
const readerLanguage = (request: FastifyRequest) =>
  requestLanguage(request.headers) ?? viewerOf(request).language ?? DEFAULT_LANGUAGE;

/** A monastery's earnings, payouts and monthly statements (docs/api.md "Earnings"). */
export const earningsRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService }> = async (
  app,
  { earnings },
) => {
  route(app, earningsSummaryEndpoint, (request) =>
    earnings.summary(viewerOf(request), request.params.monasteryId),
  );
  route(app, earningsPayoutsEndpoint, (request) =>
    earnings.payouts(viewerOf(request), request.params.monasteryId, request.query.page),
  );
  route(app, statementEndpoint, (request) =>
    earnings.statement(viewerOf(request), request.params.monasteryId, request.query.month),
  );
  // Documents read a whole month of the books: gated like the other big reads.
  const document = (
    endpoint: typeof statementCsvEndpoint | typeof statementPdfEndpoint,
    format: 'csv' | 'pdf',
  ) =>
    route(
      app,
      endpoint,
      async (request, reply) => {
        const { monasteryId } = request.params;
        const { month } = request.query;
        const viewer = viewerOf(request);
        const language = readerLanguage(request);
        const file =
          format === 'csv'
            ? await earnings.statementCsv(viewer, monasteryId, month, language)
            : await earnings.statementPdf(viewer, monasteryId, month, language);
        return reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .send(file.body);
      },
      { config: { heavy: true } },
    );
  document(statementCsvEndpoint, 'csv');
  document(statementPdfEndpoint, 'pdf');
};
