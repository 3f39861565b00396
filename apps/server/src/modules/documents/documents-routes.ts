import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { ZExportRangeQuery, ZReceiptParams, ZStatementParams } from '@pulse/contract/documents';
import { requireUser } from '../../plugins/auth';
import { assertAdmin } from '../admin/admin-service';
import { assertApprovedSeller } from '../seller-dashboard/seller-access';
import { exportFileName, orderLinesCsv, payoutsCsv, receiptPdf, statementPdf, walletHistoryCsv } from './documents-service';

function sendCsv(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}

function sendPdf(reply: FastifyReply, document: { fileName: string; pdf: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${document.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(document.pdf);
}

/**
 * Documents for the books (issue 27, decision 061): CSV exports streamed page by page, a buyer's
 * receipt and a seller's monthly statement as PDF. Who may ask is checked before the query is read.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const sellerOnly = [app.authenticate, async (request: FastifyRequest) => assertApprovedSeller(app.db, requireUser(request))];
  const adminOnly = [app.authenticate, async (request: FastifyRequest) => assertAdmin(requireUser(request))];

  app.get('/api/seller/exports/orders.csv', { schema: { querystring: ZExportRangeQuery }, preValidation: sellerOnly }, async (request, reply) =>
    sendCsv(reply, exportFileName('orders', request.query), orderLinesCsv(app.db, requireUser(request).id, request.query)),
  );

  app.get('/api/wallet/exports/history.csv', { schema: { querystring: ZExportRangeQuery }, preValidation: app.authenticate }, async (request, reply) =>
    sendCsv(reply, exportFileName('wallet-history', request.query), walletHistoryCsv(app.db, requireUser(request).id, app.config.currency, request.query)),
  );

  app.get('/api/admin/exports/orders.csv', { schema: { querystring: ZExportRangeQuery }, preValidation: adminOnly }, async (request, reply) =>
    sendCsv(reply, exportFileName('all-orders', request.query), orderLinesCsv(app.db, null, request.query)),
  );

  app.get('/api/admin/exports/payouts.csv', { schema: { querystring: ZExportRangeQuery }, preValidation: adminOnly }, async (request, reply) =>
    sendCsv(reply, exportFileName('payouts', request.query), payoutsCsv(app.db, null, request.query)),
  );

  app.get('/api/orders/:orderId/receipt.pdf', { schema: { params: ZReceiptParams }, onRequest: app.authenticate }, async (request, reply) =>
    sendPdf(reply, await receiptPdf(app, requireUser(request).id, request.params.orderId, request.i18n)),
  );

  app.get('/api/seller/statements/:month.pdf', { schema: { params: ZStatementParams }, preValidation: sellerOnly }, async (request, reply) =>
    sendPdf(reply, await statementPdf(app, requireUser(request).id, request.params.month, request.i18n)),
  );
};
